/**
 * What the double answers to one GET, from the stored data: the route (entity, id, nested child), the filters
 * CS-Cart's search functions honour that an importer uses, the order, the page and the wrapper. No HTTP here
 * (server.ts does that), so the unit tests call it directly.
 */
import { COLLECTIONS, type Collection, SORT_FIELDS } from './collections.js';
import { type CsCartData, ENTITY_NAMES, type EntityName } from './generate.js';
import { keyedBy, type PageRequest, type PastEnd, pageParams, slicePage, wrap } from './paging.js';
import { type CsRow, render, renderNested } from './shapes.js';

export interface Answer {
  status: number;
  body: unknown;
}

export type Query = Record<string, string>;

const notFound: Answer = { status: 404, body: { message: 'Not Found', status: 404 } };
const required = (field: string): Answer => ({
  status: 400,
  body: {
    message: `Bad Request: The ${field} field is required`,
    messages: [`The ${field} field is required`],
    status: 400,
  },
});

/** Query keys that are paging, sorting or language, never a field filter. */
const CONTROL_KEYS = new Set([
  'page',
  'items_per_page',
  'sort_by',
  'sort_order',
  'lang_code',
  'sl',
  'updated_in_hours',
]);

const rowsOf = (data: CsCartData, entity: EntityName) => [...(data.tables.get(entity)?.values() ?? [])];

function compare(collection: Collection, query: Query) {
  const asked = query.sort_by ? SORT_FIELDS[query.sort_by] : undefined;
  const by = asked ? asked.by || collection.idField : collection.sort.by;
  const numeric = asked ? asked.numeric : collection.sort.numeric;
  const order = query.sort_order === 'desc' || query.sort_order === 'asc' ? query.sort_order : collection.sort.order;
  const direction = order === 'desc' ? -1 : 1;
  const id = (row: CsRow) => Number(row[collection.idField]) || 0;
  return {
    name: asked ? query.sort_by! : collection.sort.name,
    order,
    fn: (a: CsRow, b: CsRow) => {
      const [x, y] = [a[by], b[by]];
      const byField = numeric ? Number(x) - Number(y) : String(x ?? '').localeCompare(String(y ?? ''));
      return direction * (byField || id(a) - id(b));
    },
  };
}

/** Equality filters on stored scalar fields (status, company_id, user_id, order_id, object_type, …). */
function filtered(rows: CsRow[], query: Query): CsRow[] {
  const filters = Object.entries(query).filter(([key]) => !CONTROL_KEYS.has(key));
  return rows.filter((row) =>
    filters.every(([key, value]) => {
      const stored = row[key];
      return stored === undefined || typeof stored === 'object' || String(stored) === value;
    }),
  );
}

/** CS-Cart's time filters: products `updated_in_hours`, orders `updated_at_from`/`updated_at_to` (unix seconds). */
function sinceFilters(entity: EntityName, rows: CsRow[], query: Query, now: number): CsRow[] {
  let out = rows;
  if (entity === 'products' && query.updated_in_hours)
    out = out.filter((row) => Number(row.updated_timestamp) >= now - Number(query.updated_in_hours) * 3600);
  if (entity === 'orders') {
    if (query.updated_at_from) out = out.filter((row) => Number(row.updated_at) >= Number(query.updated_at_from));
    if (query.updated_at_to) out = out.filter((row) => Number(row.updated_at) <= Number(query.updated_at_to));
  }
  return out;
}

/** A paged (or unpaged) collection answer of `rows` already chosen, in the collection's shape and order. */
export function collectionAnswer(
  collection: Collection,
  rows: CsRow[],
  query: Query,
  pastEnd: PastEnd,
  view: (row: CsRow) => CsRow = (row) => render(collection.section, row, 'list'),
): Answer {
  const sort = compare(collection, query);
  const ordered = [...rows].sort(sort.fn);
  if (!collection.params) return { status: 200, body: wrap(collection.wrapper, ordered.map(view), undefined) };
  const request: PageRequest = { page: query.page, itemsPerPage: query.items_per_page };
  const slice = slicePage(ordered, request, pastEnd);
  const { page: _page, items_per_page: _size, ...filters } = query;
  const echo: CsRow = { ...collection.echo, ...filters, sort_by: sort.name, sort_order: sort.order };
  const params = pageParams(collection.params, slice, request, echo);
  return { status: 200, body: wrap(collection.wrapper, slice.items.map(view), params) };
}

/** A product's features as `/products/:id/features` lists them: the feature row plus the product's value. */
function productFeatures(data: CsCartData, product: CsRow): CsRow[] {
  const values = (product.product_features ?? {}) as Record<string, CsRow>;
  return Object.entries(values).flatMap(([featureId, value]) => {
    const feature = data.tables.get('features')!.get(featureId);
    if (!feature) return [];
    return [
      {
        ...render('features', feature, 'list'),
        value: value.value ?? '',
        variant_id: value.variant_id ?? '0',
        value_int: value.value_int ?? null,
        variants: feature.variants ?? [],
        use_variant_picker: false,
      },
    ];
  });
}

/** The product's `product_features` in the recording's nested shape. */
function productWithFeatures(data: CsCartData, product: CsRow, view: 'list' | 'single'): CsRow {
  const out = render('products', product, view);
  const values = (product.product_features ?? {}) as Record<string, CsRow>;
  out.product_features = Object.keys(values).length
    ? Object.fromEntries(
        Object.entries(values).map(([id, value]) => {
          const feature = data.tables.get('features')!.get(id) ?? {};
          return [
            id,
            renderNested('products', 'product_features', { ...feature, ...value, variants: feature.variants ?? [] }),
          ];
        }),
      )
    : [];
  // No images are served: the main pair is an empty one in the recorded shape (an importer must not need them).
  out.main_pair = {
    ...renderNested('products', 'main_pair', {}),
    detailed: renderNested('products', 'main_pair.detailed', {}),
  };
  if (view === 'single')
    out.prices = ((product.prices ?? []) as CsRow[]).map((row) => renderNested('products', 'prices[]', row));
  return out;
}

function orderSingle(row: CsRow): CsRow {
  const out = render('orders', row, 'single');
  const lines = (row.products ?? {}) as Record<string, CsRow>;
  out.products = Object.fromEntries(
    Object.entries(lines).map(([id, line]) => [id, renderNested('orders', 'products', line)]),
  );
  return out;
}

function featureSingle(row: CsRow): CsRow {
  const out = render('features', row, 'single');
  const variants = (row.variants ?? {}) as Record<string, CsRow>;
  out.variants = Object.keys(variants).length
    ? Object.fromEntries(Object.entries(variants).map(([id, v]) => [id, renderNested('features', 'variants{}', v)]))
    : [];
  return out;
}

function optionRow(row: CsRow, view: 'list' | 'single'): CsRow {
  const out = render('options', row, view);
  if (view === 'single') {
    const variants = (row.variants ?? {}) as Record<string, CsRow>;
    out.variants = Object.keys(variants).length
      ? Object.fromEntries(Object.entries(variants).map(([id, v]) => [id, renderNested('options', 'variants{}', v)]))
      : [];
  }
  return out;
}

/** The single object of an entity, in the recording's single view (nested shapes filled). */
function single(data: CsCartData, entity: EntityName, row: CsRow): CsRow {
  switch (entity) {
    case 'products':
      return productWithFeatures(data, row, 'single');
    case 'orders':
      return orderSingle(row);
    case 'features':
      return featureSingle(row);
    case 'options':
      return optionRow(row, 'single');
    case 'statuses':
      return statusRow(row, 'single');
    default:
      return render(COLLECTIONS[entity].section, row, 'single');
  }
}

/** A status's `params` in the recorded shape, or `[]` where it has none (a shipment status, #124). */
function statusRow(row: CsRow, view: 'list' | 'single'): CsRow {
  const out = render('statuses', row, view);
  out.params = Array.isArray(row.params) ? [] : renderNested('statuses', 'params', (row.params ?? {}) as CsRow);
  return out;
}

/** What CS-Cart answers for an absent id: 404 mostly, but 200 for users (an empty list), stores, payments. */
function absent(entity: EntityName | 'vendors', id: string, pastEnd: PastEnd): Answer {
  if (entity === 'users') return collectionAnswer(COLLECTIONS.users, [], { user_id: id }, pastEnd);
  if (entity === 'stores' || entity === 'vendors')
    return {
      status: 200,
      body: Object.fromEntries(Object.keys(render('stores', {}, 'single')).map((key) => [key, null])),
    };
  if (entity === 'payments')
    return { status: 200, body: { storefront_ids: '', company_id: 1, storefront_owner_id: 1 } };
  return notFound;
}

export interface Route {
  /** `vendors` is the stores' other name. */
  entity: EntityName | 'vendors';
  id?: string;
  child?: string;
  childId?: string;
  /** `/stores/:id/…` and `/vendors/:id/…` run the child in that company. */
  companyId?: string;
}

/** `/api[/<version>]/<entity>[/<id>[/<child>[/<child id>]]]`, store context included; undefined for an unknown entity. */
export function parseRoute(pathname: string): Route | 'version' | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'api') parts.shift();
  if (parts[0] && /^\d+\.\d+$/.test(parts[0])) parts.shift();
  if (parts[0]?.toLowerCase() === 'version') return 'version';
  let companyId: string | undefined;
  if ((parts[0] === 'stores' || parts[0] === 'vendors') && parts.length > 2) {
    companyId = parts[1];
    parts.splice(0, 2);
  }
  const entity = parts[0]?.toLowerCase();
  if (!entity || (entity !== 'vendors' && !(ENTITY_NAMES as readonly string[]).includes(entity))) return undefined;
  return { entity: entity as EntityName | 'vendors', id: parts[1], child: parts[2], childId: parts[3], companyId };
}

/** The answer to `GET <route>?<query>`. */
export function answer(data: CsCartData, route: Route, query: Query, pastEnd: PastEnd, now: number): Answer {
  const entity: EntityName = route.entity === 'vendors' ? 'stores' : route.entity;
  const collection: Collection =
    route.entity === 'vendors'
      ? { ...COLLECTIONS.stores, wrapper: { kind: 'list', key: 'vendors' } }
      : COLLECTIONS[entity];
  const table = data.tables.get(entity)!;
  const scoped = route.companyId && entity !== 'stores' ? { company_id: route.companyId, ...query } : query;

  if (route.id !== undefined) {
    const row = table.get(route.id);
    if (route.child) return nested(data, entity, route, row, query, pastEnd);
    if (!row) return absent(route.entity, route.id, pastEnd);
    return { status: 200, body: single(data, entity, row) };
  }

  switch (entity) {
    case 'users':
      if (!query.user_type) return required('user_type');
      break;
    case 'exceptions': {
      if (!query.product_id) return required('product_id');
      const rows = rowsOf(data, 'exceptions').filter((row) => row.product_id === query.product_id);
      return rows.length ? collectionAnswer(collection, rows, {}, pastEnd) : notFound;
    }
    case 'options':
      if (query.product_id && query.product_id !== '0') {
        if (!data.tables.get('products')!.has(query.product_id)) return notFound;
        const rows = rowsOf(data, 'options').filter((row) => row.product_id === query.product_id);
        return {
          status: 200,
          body: keyedBy(
            rows.map((row) => ({ ...optionRow(row, 'single'), cur_product_id: query.product_id })),
            'option_id',
          ),
        };
      }
      return collectionAnswer(
        collection,
        rowsOf(data, 'options').filter((row) => row.product_id === '0'),
        { ...query, product_id: '0' },
        pastEnd,
      );
    case 'languages':
      if (query.lang_code) {
        const row = rowsOf(data, 'languages').find((language) => language.lang_code === query.lang_code);
        return row ? { status: 200, body: render('languages', row, 'single') } : notFound;
      }
      break;
    case 'statuses':
      return collectionAnswer(
        collection,
        filtered(rowsOf(data, 'statuses'), { ...query, type: query.type ?? 'O' }),
        query,
        pastEnd,
        (row) => statusRow(row, 'list'),
      );
    case 'product_variations_groups': {
      const ids = query.product_ids?.split(',');
      const rows = rowsOf(data, entity).filter(
        (row) => !ids || (row.products as CsRow[]).some((product) => ids.includes(String(product.product_id))),
      );
      const { product_ids: _ids, ...paging } = query;
      return collectionAnswer(collection, rows, paging, pastEnd);
    }
    default:
  }
  const { get_orders_data: fullOrders, ...filters } = scoped;
  const rows = sinceFilters(entity, filtered(rowsOf(data, entity), filters), query, now);
  // `get_orders_data` replaces each order row by the full order (the recording's orders index() parameters).
  // `variants` adds each feature's variants to its list row (the recording's features index() parameters).
  const withVariants = entity === 'features' && ['1', 'true', 'Y'].includes(query.variants ?? '');
  const view = withVariants
    ? (row: CsRow) => ({ ...render('features', row, 'list'), variants: featureSingle(row).variants })
    : entity === 'products'
      ? (row: CsRow) => productWithFeatures(data, row, 'list')
      : entity === 'orders' && fullOrders && fullOrders !== '0' && fullOrders !== 'false'
        ? orderSingle
        : undefined;
  return collectionAnswer(collection, rows, query, pastEnd, view);
}

/** `/<entity>/:id/<child>[/:child_id]`: the parent must exist; the children CS-Cart filters by the parent. */
function nested(
  data: CsCartData,
  entity: EntityName,
  route: Route,
  parent: CsRow | undefined,
  query: Query,
  pastEnd: PastEnd,
): Answer {
  const child = route.child!;
  if (entity === 'users' && child === 'usergroups') {
    const links = (data.links.get(route.id!) ?? []).filter((link) => link.status !== 'F');
    if (route.childId) {
      const link = links.find((l) => l.usergroup_id === route.childId);
      return link ? { status: 200, body: link } : notFound;
    }
    return { status: 200, body: keyedBy(links, 'usergroup_id') };
  }
  if (!parent) return notFound;
  if (entity === 'products' && child === 'features')
    return collectionAnswer(COLLECTIONS.features, productFeatures(data, parent), query, pastEnd, (row) => row);
  if (entity === 'products' && child === 'discussions') {
    const posts = rowsOf(data, 'discussions').filter((post) => post.object_type === 'P' && post.object_id === route.id);
    return collectionAnswer(COLLECTIONS.discussions, posts, query, pastEnd);
  }
  if (entity === 'categories' && child === 'products') {
    const products = rowsOf(data, 'products').filter((product) =>
      (product.category_ids as string[]).includes(route.id!),
    );
    return collectionAnswer(COLLECTIONS.products, products, query, pastEnd, (row) =>
      productWithFeatures(data, row, 'list'),
    );
  }
  if (entity === 'product_variations_groups' && child === 'product_variations') {
    const ids = (parent.products as CsRow[]).map((product) => String(product.product_id));
    const products = ids.flatMap((id) => {
      const product = data.tables.get('products')!.get(id);
      return product ? [product] : [];
    });
    return collectionAnswer(COLLECTIONS.products, products, query, pastEnd, (row) =>
      productWithFeatures(data, row, 'list'),
    );
  }
  // CS-Cart's other children ignore the parent (`/orders/97/shipments` lists every shipment, #181).
  const childEntity = parseRoute(`/${child}`);
  if (!childEntity || childEntity === 'version')
    return { status: 404, body: { message: `Not Found: The Entity ${child} not found`, status: 404 } };
  return answer(data, { entity: childEntity.entity, id: route.childId }, query, pastEnd, 0);
}
