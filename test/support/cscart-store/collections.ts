/**
 * Each entity the double serves, as the recording describes its collection: the recording section of its fields,
 * its id field, its wrapper and paging style, its default order, and what its single GET answers for an absent id
 * (CS-Cart answers some of those 200: users an empty collection, stores all-null, payments a stub).
 */
import type { EntityName } from './generate.js';
import type { ParamsStyle, Wrapper } from './paging.js';
import type { CsRow } from './shapes.js';

export interface Collection {
  entity: EntityName;
  /** The recording's section with this entity's field table. */
  section: string;
  idField: string;
  wrapper: Wrapper;
  /** Absent for unpaged lists (blocks, usergroups). */
  params?: ParamsStyle;
  /** CS-Cart's default order: a field and its direction (ties by id). */
  sort: { by: string; numeric: boolean; order: 'asc' | 'desc'; name: string };
  /** Extra keys of the `params` echo (CS-Cart's search state), before the paging keys. */
  echo?: CsRow;
}

const list = (key: string): Wrapper => ({ kind: 'list', key });
const byName = (by: string, name = 'name') => ({ by, numeric: false, order: 'asc' as const, name });
const byId = (by: string, order: 'asc' | 'desc' = 'asc', name = 'id') => ({ by, numeric: true, order, name });

export const COLLECTIONS: Record<EntityName, Collection> = {
  languages: {
    entity: 'languages',
    section: 'languages',
    idField: 'lang_id',
    wrapper: { kind: 'keyed', key: 'languages', by: 'lang_code' },
    params: 'slice',
    sort: byId('lang_id'),
  },
  langvars: {
    entity: 'langvars',
    section: 'langvars',
    idField: 'name',
    wrapper: list('langvars'),
    params: 'langvars',
    sort: byName('name'),
    echo: { name: null, value: null, q: null, lang_code: 'en' },
  },
  usergroups: {
    entity: 'usergroups',
    section: 'usergroups',
    idField: 'usergroup_id',
    wrapper: { kind: 'bare-keyed', by: 'usergroup_id' },
    sort: byName('usergroup'),
  },
  stores: {
    entity: 'stores',
    section: 'stores',
    idField: 'company_id',
    wrapper: list('stores'),
    params: 'sql',
    sort: byName('company', 'company'),
  },
  users: {
    entity: 'users',
    section: 'users',
    idField: 'user_id',
    wrapper: list('users'),
    params: 'sql',
    sort: byName('lastname'),
    echo: { extended_search: true },
  },
  categories: {
    entity: 'categories',
    section: 'categories',
    idField: 'category_id',
    wrapper: list('categories'),
    params: 'sql',
    sort: { by: 'position', numeric: true, order: 'asc', name: 'position' },
    echo: { plain: true, simple: false },
  },
  features: {
    entity: 'features',
    section: 'features',
    idField: 'feature_id',
    wrapper: list('features'),
    params: 'sql',
    sort: { by: 'position', numeric: true, order: 'asc', name: 'position' },
    echo: { plain: true, variants: false },
  },
  options: {
    entity: 'options',
    section: 'options',
    idField: 'option_id',
    wrapper: list('product_options'),
    params: 'sql',
    sort: byName('internal_option_name', 'internal_option_name'),
    echo: { product_id: 0 },
  },
  products: {
    entity: 'products',
    section: 'products',
    idField: 'product_id',
    wrapper: list('products'),
    params: 'sql',
    sort: byName('product', 'product'),
    echo: {
      area: 'A',
      use_caching: true,
      extend: ['product_name', 'prices', 'categories'],
      match: 'all',
      subcats: 'Y',
    },
  },
  exceptions: {
    entity: 'exceptions',
    section: 'exceptions',
    idField: 'exception_id',
    wrapper: { kind: 'bare-list' },
    sort: byId('exception_id'),
  },
  product_variations_groups: {
    entity: 'product_variations_groups',
    section: 'product_variations_groups',
    idField: 'id',
    wrapper: list('groups'),
    params: 'typed',
    sort: byId('id'),
  },
  taxes: {
    entity: 'taxes',
    section: 'taxes',
    idField: 'tax_id',
    wrapper: list('taxes'),
    params: 'slice',
    sort: byId('tax_id'),
  },
  shippings: {
    entity: 'shippings',
    section: 'shippings',
    idField: 'shipping_id',
    wrapper: list('shippings'),
    params: 'slice',
    sort: { by: 'position', numeric: true, order: 'asc', name: 'position' },
  },
  payments: {
    entity: 'payments',
    section: 'payments',
    idField: 'payment_id',
    wrapper: list('payments'),
    params: 'slice',
    sort: { by: 'position', numeric: true, order: 'asc', name: 'position' },
  },
  statuses: {
    entity: 'statuses',
    section: 'statuses',
    idField: 'status_id',
    wrapper: list('statuses'),
    params: 'slice',
    sort: { by: 'position', numeric: true, order: 'asc', name: 'position' },
  },
  pages: {
    entity: 'pages',
    section: 'pages',
    idField: 'page_id',
    wrapper: list('pages'),
    params: 'sql',
    sort: { by: 'position', numeric: true, order: 'asc', name: 'position' },
    echo: { full_search: true },
  },
  blocks: {
    entity: 'blocks',
    section: 'blocks',
    idField: 'block_id',
    wrapper: { kind: 'bare-list' },
    sort: byId('block_id'),
  },
  orders: {
    entity: 'orders',
    section: 'orders',
    idField: 'order_id',
    wrapper: list('orders'),
    params: 'sql',
    sort: { by: 'timestamp', numeric: true, order: 'desc', name: 'date' },
    echo: { include_incompleted: false },
  },
  shipments: {
    entity: 'shipments',
    section: 'shipments',
    idField: 'shipment_id',
    wrapper: list('shipments'),
    params: 'sql',
    sort: byId('shipment_id', 'desc'),
    echo: { advanced_info: true },
  },
  discussions: {
    entity: 'discussions',
    section: 'discussions',
    idField: 'post_id',
    wrapper: list('discussions'),
    params: 'sql',
    sort: { by: 'timestamp', numeric: true, order: 'desc', name: 'timestamp' },
    echo: { company_id: '' },
  },
  call_requests: {
    entity: 'call_requests',
    section: 'call_requests',
    idField: 'request_id',
    wrapper: list('call_requests'),
    params: 'sql',
    sort: { by: 'timestamp', numeric: true, order: 'desc', name: 'date' },
    echo: { company_id: '1' },
  },
};

/** The sort_by names a query may send, per field (CS-Cart's sortings; unknown ones fall back to the default). */
export const SORT_FIELDS: Record<string, { by: string; numeric: boolean }> = {
  id: { by: '', numeric: true },
  timestamp: { by: 'timestamp', numeric: true },
  date: { by: 'timestamp', numeric: true },
  updated_timestamp: { by: 'updated_timestamp', numeric: true },
  position: { by: 'position', numeric: true },
  product: { by: 'product', numeric: false },
  name: { by: 'lastname', numeric: false },
  order_id: { by: 'order_id', numeric: true },
};
