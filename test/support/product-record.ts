import type { RecordOf } from '../../lib/db/entity-store.js';
import type { productsEntity } from '../../lib/entities/products.js';

/** A product as stored, for unit tests of operations on a store of their own: on sale, 5 in stock at 10.00. */
export const productRecord = (
  id: number,
  extra: Partial<RecordOf<typeof productsEntity>> = {},
): RecordOf<typeof productsEntity> => ({
  product_id: id,
  version: 1,
  product: `Product ${id}`,
  price: '10.00',
  amount: 5,
  status: 'A',
  company_id: 1,
  ...extra,
});
