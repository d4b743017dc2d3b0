import { vendorsEntity } from './companies.js';
import { defineEntity } from './define.js';
import { fixed, id, raw } from './field-builders.js';

/**
 * Active vendors as shoppers see them (the add-on's `SraVendors`, Multi-Vendor editions only; elsewhere a 404 as an
 * unknown entity): `GET /api/4.0/sra_vendors[/:company_id]`, listed under `sravendors` (the add-on's key), each
 * with only the add-on's response fields — no status other than A, no private data. The companies' storage
 * (lib/entities/companies.ts); lib/operations/sra-vendors.ts adds the contact and shipping address, the product
 * count, the discussion type and (single) the thread and average rating of the vendor's approved reviews.
 */
export const sraVendorsEntity = defineEntity({
  ...vendorsEntity,
  name: 'sra_vendors',
  schema: {
    idField: 'company_id',
    fields: {
      company_id: id(),
      lang_code: fixed('string', 'en'),
      email: fixed('string', ''),
      company: fixed('string', ''),
      timestamp: fixed('int', 0),
      status: fixed('string', 'A'),
      logo_url: fixed('string', ''),
      description: fixed('string', ''),
      contact_information: raw({}),
      shipping_address: raw({}),
      products_count: fixed('int', 0, 'both', 'number'),
      seo_name: fixed('string', ''),
      average_rating: raw(null),
      thread_id: fixed('int', 0, 'single', 'number'),
      discussion_type: fixed('string', 'B'),
    },
    filters: { company: vendorsEntity.schema.filters!.company! },
  },
  http: {
    operations: ['list', 'get'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collectionKey: 'sravendors',
  },
  docs: { sortKeys: ['id', ...Object.keys(vendorsEntity.storage.sortRules ?? {})] },
  // The vendors' page (Query, BatchGetItem) and their product counts (BatchGetItem); a single also reads its
  // reviews' thread (GetItem) and approved posts (Query).
  deployment: {
    domain: 'companies',
    functions: { list: { extra: ['BatchGetItem'] }, get: { extra: ['BatchGetItem', 'Query'] } },
  },
});
