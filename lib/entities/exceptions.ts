import { defineEntity } from './define.js';
import { id, WRITABLE } from './field-builders.js';

/**
 * Option exceptions (the recording's `exceptions`): combinations of a product's option variants that
 * cannot be bought. `combination` is `{option_id: variant_id}` (string values); `combination_key`
 * (product and sorted pairs, not shown) finds a repeated combination. lib/operations/exceptions.ts.
 */
export const exceptionsEntity = defineEntity({
  name: 'exceptions',
  schema: {
    requiredOrder: ['product_id', 'combination'],
    fields: {
      exception_id: id(),
      product_id: { kind: 'int', writableOn: WRITABLE, requiredOn: ['create'] },
      combination: { kind: 'object', writableOn: WRITABLE, requiredOn: ['create', 'update'], wire: 'raw' },
      combination_key: { kind: 'string', shownIn: 'none' },
    },
    filters: { product_id: { kind: 'int', requiredInQuery: true } },
  },
  http: {
    collection: { shape: 'list' },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
  },
  storage: {
    indexes: ['product_id', 'combination_key'],
  },
  // Reads the product and its options (GetItem, Query); a repeated exception is found through its combination_key index (Query).
  deployment: {
    domain: 'attributes',
    functions: { create: { extra: ['GetItem', 'Query'] }, update: { extra: ['Query'] } },
  },
});
