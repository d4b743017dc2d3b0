import { entityKeys } from './entity-keys.js';
import { queryAll } from './query.js';

/**
 * INTERIM implementation (batch upsert by product code, docs/api.md "Batches and upsert"): the ids of the
 * products of company `companyId` whose `product_code` is exactly `code`, in id order.
 *
 * It reads the company's product index partition (`IDX#product#company_id#<company>`, whose items carry the
 * projected code as `p_product_code`) with a FilterExpression on the code, so it never reads a product record — but it
 * still reads (and pays for) every index item of that company, 1 read unit per 4 KB of them. The catalog work
 * replaces this file, at this path and with this signature, by a real product-code index (one Query of one
 * small partition); nothing else needs to change then.
 */
export async function productIdsWithCode(code: string, companyId: number): Promise<number[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#code = :code',
    ProjectionExpression: 'id',
    ExpressionAttributeNames: { '#code': 'p_product_code' },
    // A product created a moment ago (the previous batch) must be found, not created again.
    ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': entityKeys.indexPartition('product', 'company_id', companyId), ':code': code },
  });
  return items.map((item) => Number(item.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
}
