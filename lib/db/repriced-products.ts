import type { EntityRecord } from './entity-reads.js';
import { padId } from './keys.js';
import { queryAll } from './query.js';
import type { TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';

/**
 * The products that have price rows beyond their own price (quantity or usergroup prices, SPEC §11): one small
 * partition, an item per such product with its price and rows, written in the product's own write transaction (as
 * the restricted categories' partition, lib/db/restricted-categories.ts). The storefront reads it when a shopper's
 * list filters or sorts by price (lib/operations/storefront/repriced-list.ts): a Query whose cost follows how many
 * products have such rows, never the catalogue's size. A product priced only by `price` has no item.
 */
const PARTITION = 'SFVIS#price';
const itemKey = (productId: number) => ({ pk: PARTITION, sk: padId(productId) });

/** A marker's content: the product's own price and its extra rows (lib/operations/product-prices.ts PriceRow). */
export interface RepricedMarker {
  price: string;
  prices: Array<{ lower_limit: number; usergroup_id: number; price: string }>;
}

const extraRows = (record: EntityRecord | undefined) =>
  Array.isArray(record?.prices) && record.prices.length > 0 ? (record.prices as RepricedMarker['prices']) : undefined;

/**
 * The marker's Put or Delete on `table` (the product's own) for a product's write (nothing when it has no extra rows
 * before or after; `previous` undefined: a product created).
 */
export function repricedProductItems(
  productId: number,
  next: EntityRecord | undefined,
  previous: EntityRecord | undefined,
  table: TableTarget,
): TransactItem[] {
  const TableName = table.tableName;
  const rows = extraRows(next);
  if (rows) {
    const Item = { ...itemKey(productId), price: String(next!.price ?? '0'), prices: rows };
    return [{ Put: { TableName, Item } }];
  }
  return extraRows(previous) || next === undefined ? [{ Delete: { TableName, Key: itemKey(productId) } }] : [];
}

/** Every product with extra price rows on `table` → its price and rows. */
export async function repricedProducts(table: TableTarget): Promise<Map<number, RepricedMarker>> {
  const items = await queryAll(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PARTITION }, ConsistentRead: true },
    table,
  );
  return new Map(
    items.map((item) => [
      Number(item.sk),
      { price: String(item.price), prices: item.prices as RepricedMarker['prices'] },
    ]),
  );
}
