import { config } from '../config.js';
import { bucketedSortEntry, projectedName } from '../db/entity-items.js';
import { entityKeys } from '../db/entity-keys.js';
import { idsInIndex } from '../db/entity-list.js';
import { type EntityRecord, type Extra, getRecords } from '../db/entity-store.js';
import { layoutOf } from '../db/layout.js';
import { bucketBounds } from '../db/sort-buckets.js';
import type { TransactItem } from '../db/transact.js';
import { productsEntity } from '../entities/products.js';
import { statusesEntity } from '../entities/statuses.js';
import { ValidationError } from '../errors.js';
import type { ProductLine, ProductRecord } from './order-lines.js';

/**
 * An order's stock, split from lib/operations/orders.ts: which order statuses hold their products' stock, and the
 * transaction items that take it (placing an order) or give it back (a status that releases it).
 */

const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);

/** The order statuses (type O): letter → record. */
export async function orderStatuses(): Promise<Map<string, EntityRecord>> {
  const statuses = await getRecords(statusesEntity, await idsInIndex(statusesEntity, 'type', 'O'));
  return new Map(statuses.map((status) => [String(status.status), status]));
}

/** Whether an order in this status holds its products' stock (`params.inventory` D), as CS-Cart's statuses say. */
export function holdsStock(status: EntityRecord | undefined): boolean {
  const params = status?.params as Record<string, unknown> | undefined;
  return !params || Array.isArray(params) || params.inventory !== 'I';
}

/**
 * Takes (`-`) or gives back (`+`) stock of tracked products, in the order's transaction. Taking more than the
 * stock read is refused here; a stock changed since it was read fails the transaction (ConditionFailed), and
 * the caller reads again and decides again (lib/operations/orders.ts).
 *
 * A product on layout 5 has a stock sort item keyed by its stock's bucket (lib/db/sort-buckets.ts). A change
 * that keeps the stock inside its bucket conditions on that range only — concurrent orders of the product do
 * not break it — and adds to the exact stock the item carries; one that crosses into another bucket moves the
 * item, and so conditions on the exact record it read.
 */
export function stockItems(lines: ProductLine[], direction: -1 | 1): Extra {
  const items: TransactItem[] = [];
  for (const line of lines) {
    if (line.product.tracking === 'D') continue;
    const stock = line.product.amount ?? 0;
    const delta = direction * line.amount;
    if (direction < 0 && stock < line.amount) {
      throw invalid(
        'products',
        `The product ${line.productId} ("${String(line.product.product)}") does not have ${line.amount} in stock`,
      );
    }
    items.push(...lineItems(line, stock, delta));
  }
  return { items };
}

const STOCK_SORT = 'amount';
const hasStockItem = (product: ProductRecord) =>
  layoutOf(product) >= (productsEntity.storage.sortSince?.[STOCK_SORT] ?? Number.POSITIVE_INFINITY);

function lineItems(line: ProductLine, stock: number, delta: number): TransactItem[] {
  const key = entityKeys.record(productsEntity.storage.name, line.productId);
  const names = { '#amount': 'amount', '#version': 'version' };
  const update = 'SET #amount = #amount + :delta, #version = #version + :one';
  // Taking never leaves less than nothing, whatever else is known.
  const enough = delta < 0 ? ' AND #amount >= :taken' : '';
  const values = { ':delta': delta, ':one': 1, ...(delta < 0 ? { ':taken': -delta } : {}) };
  const record = (condition: string, more: Record<string, unknown> = {}): TransactItem => ({
    Update: {
      TableName: config().tableName,
      Key: key,
      UpdateExpression: update,
      ConditionExpression: `attribute_exists(pk)${enough}${condition}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ...more },
      // A failed condition hands back the product as it is now: the order decides again without a read.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
  if (!hasStockItem(line.product)) return [record('')];

  const before = bucketedSortEntry(productsEntity, STOCK_SORT, line.productId, line.product);
  const after = bucketedSortEntry(productsEntity, STOCK_SORT, line.productId, {
    ...line.product,
    amount: stock + delta,
    version: line.product.version + 1,
  });
  if (before.key.pk === after.key.pk && before.key.sk === after.key.sk) {
    // Inside one bucket before and after: any stock in [low, high] before, and in it after the change.
    const { low, high } = bucketBounds(stock);
    const from = Math.max(low, low - delta);
    const to = Math.min(high, high - delta);
    const range = Number.isFinite(from) ? ' AND #amount BETWEEN :from AND :to' : ' AND #amount <= :to';
    return [
      record(range, { ':to': to, ...(Number.isFinite(from) ? { ':from': from } : {}) }),
      {
        Update: {
          TableName: config().tableName,
          Key: before.key,
          UpdateExpression: 'ADD #value :delta',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#value': STOCK_VALUE },
          ExpressionAttributeValues: { ':delta': delta },
        },
      },
    ];
  }
  return [
    record(' AND #version = :read', { ':read': line.product.version }),
    { Delete: { TableName: config().tableName, Key: before.key } },
    { Put: { TableName: config().tableName, Item: { ...after.key, ...after.item } } },
  ];
}

/** The exact stock on a stock sort item (the attribute a stock range filter reads). */
const STOCK_VALUE = projectedName({ field: 'amount', op: 'gte' });
