import { defineEntity } from './define.js';
import { id, int, text } from './field-builders.js';

/**
 * Option combinations (CS-Cart 4.3's `combinations`, SPEC §10): stock and code per combination of a
 * product's option variants. Addressed by `combination_hash`, CS-Cart's deterministic hash of the
 * product and the variants (an unsigned CRC32, digits), so the id is numeric and a combination's hash
 * is the same wherever it is computed. `combination` is fixed once created (it is the hash);
 * `amount`, `product_code` and `position` change. lib/operations/combinations.ts.
 */
export const combinationsEntity = defineEntity({
  name: 'combinations',
  schema: {
    idField: 'combination_hash',
    requiredOrder: ['product_id', 'combination'],
    fields: {
      product_id: { kind: 'int', writableOn: ['create'], requiredOn: ['create'] },
      combination_hash: id(),
      combination: { kind: 'object', writableOn: ['create'], requiredOn: ['create'], wire: 'raw' },
      amount: int(0),
      product_code: text('', 64),
      position: int(0),
    },
    filters: { product_id: { kind: 'int', requiredInQuery: true } },
  },
  http: {
    collection: { shape: 'list' },
    answers: { create: { combination_hash: 'string' }, update: { combination_hash: 'string' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
  },
  storage: {
    indexes: ['product_id'],
  },
  // Reads the product and its options (GetItem, Query); written under its hash with a conditional Put.
  deployment: { domain: 'attributes', functions: { create: { extra: ['GetItem', 'Query'] } } },
});
