import { defineEntity } from './define.js';
import { discussionTypeField } from './discussions.js';
import { raw, single, text, WRITABLE } from './field-builders.js';
import type { FieldSpec, HttpFacet, SchemaFacet, StorageFacet, StoredEntityDefinition } from './types.js';

/**
 * Stores and vendors are companies (SPEC §10): one record per company, one id space
 * (`company_id`); `/stores` is the store view of it and `/vendors` the marketplace view,
 * with their own privileges, required fields and answer keys as the recording shows.
 */
export const COMPANY_STATUSES = ['A', 'D', 'N', 'P'] as const;

function companyFields(required: readonly string[]): Record<string, FieldSpec> {
  const req = (field: string, spec: FieldSpec): FieldSpec =>
    required.includes(field) ? { ...spec, requiredOn: ['create'] } : spec;
  return {
    company_id: { kind: 'int' },
    status: { kind: 'enum', values: COMPANY_STATUSES, writableOn: WRITABLE, default: 'A' },
    company: req('company', text()),
    lang_code: { kind: 'string', maxLength: 2, writableOn: WRITABLE, default: 'en' },
    address: single(text()),
    city: single(text('', 64)),
    state: single(text('', 32)),
    country: single(text('', 2)),
    zipcode: single(text('', 16)),
    email: req('email', { kind: 'email', maxLength: 128, writableOn: WRITABLE, default: '' }),
    phone: single(text('', 32)),
    url: single(text('', 128)),
    storefront: req('storefront', text()),
    secure_storefront: text(),
    entry_page: single({ ...text('', 16), default: 'none' }),
    redirect_customer: single({ kind: 'flag', writableOn: WRITABLE, default: 'Y' }),
    countries_list: raw([], 'single'),
    timestamp: { kind: 'int' },
    shippings: single({ kind: 'string', default: '' }),
    logos: single({ kind: 'string', default: '' }),
    request_user_id: single({ kind: 'int', default: 0 }),
    request_account_name: single({ kind: 'string', default: '' }),
    request_account_data: raw(null, 'single'),
    average_rating: raw(null),
    company_thread_ids: { kind: 'string', default: '' },
    shippings_ids: raw([], 'single'),
    discussion: raw({ posts_count: 0 }),
    discussion_type: discussionTypeField('none'),
  };
}

const common = {
  schema: {
    idField: 'company_id',
    filters: {
      status: { kind: 'enum', values: COMPANY_STATUSES },
      company: { kind: 'string', maxLength: 255 },
      email: { kind: 'string', maxLength: 128 },
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
  },
  storage: {
    name: 'company',
    indexes: ['status'],
    projected: ['status', 'company', 'email'],
    filterRules: {
      status: { field: 'status', op: 'eq' },
      company: { field: 'company', op: 'contains' },
      email: { field: 'email', op: 'contains' },
    },
    sortRules: {
      company: { field: 'company', numeric: false },
      email: { field: 'email', numeric: false },
      date: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
    },
    // A company that still owns products, orders, categories or features cannot go (SPEC §10): nothing is orphaned.
    dependents: [
      {
        storage: 'product',
        index: 'company_id',
        message: 'The company still owns products; delete or move them first',
      },
      { storage: 'order', index: 'company_id', message: 'The company still owns orders; delete them first' },
      {
        storage: 'category',
        index: 'company_id',
        message: 'The company still owns categories; delete or move them first',
      },
      {
        storage: 'feature',
        index: 'company_id',
        message: 'The company still owns product features; delete them first',
      },
      { storage: 'block', index: 'company_id', message: 'The company still owns blocks; delete them first' },
      {
        storage: 'call_request',
        index: 'company_id',
        message: 'The company still has call requests; delete them first',
      },
    ],
  },
} as const satisfies {
  schema: Partial<SchemaFacet>;
  http: Partial<HttpFacet>;
  storage: Partial<StorageFacet>;
};

export const storesEntity = defineEntity({
  ...common,
  name: 'stores',
  schema: {
    ...common.schema,
    fields: companyFields(['company', 'storefront']),
  },
  http: {
    ...common.http,
    answers: { create: { store_id: 'integer' }, update: { store_id: 'string' } },
    privileges: { read: ['view_stores'], write: ['manage_stores'] },
  },
  // A rename rewrites company_name on the company's products: Query of its product partition, then each product's
  // update; a delete also deletes its reviews (lib/operations/discussions/ deletePostsOf: Query of its posts).
  deployment: { domain: 'companies', functions: { update: { extra: ['Query'] }, delete: { extra: ['Query'] } } },
});

export const vendorsEntity = defineEntity({
  ...common,
  name: 'vendors',
  schema: {
    ...common.schema,
    fields: companyFields(['company', 'email']),
  },
  http: {
    ...common.http,
    answers: { create: { company_id: 'integer' }, update: { store_id: 'string' } },
    answerExtras: { create: { message: '' } },
    privileges: { read: ['view_vendors'], write: ['manage_vendors'] },
  },
  // A rename rewrites company_name on the company's products: Query of its product partition, then each product's
  // update; a delete also deletes its reviews (lib/operations/discussions/ deletePostsOf: Query of its posts).
  deployment: { domain: 'companies', functions: { update: { extra: ['Query'] }, delete: { extra: ['Query'] } } },
});

/** The storage both views share, for code that reads a company whichever path named it. */
export const companiesStorage: StoredEntityDefinition = storesEntity;
