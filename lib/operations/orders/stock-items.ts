import { bucketedSortEntry, projectedName } from '../../db/entity-items.js';
import { entityKeys } from '../../db/entity-keys.js';
import type { Extra } from '../../db/entity-store.js';
import { layoutOf } from '../../db/layout.js';
import { bucketBounds } from '../../db/sort-buckets.js';
import type { TableTarget } from '../../db/table-target.js';
import type { TransactItem } from '../../db/transact.js';
import { productsEntity } from '../../entities/products.js';
import type { ProductLine, ProductRecord } from './records.js';
import { stockMoves } from './rules.js';

/**
 * An order's stock in DynamoDB, used by the order store (store.ts): the transaction items that take it (placing an
 * order) or give it back (a status that releases it). Which lines move and by how much is the pure rule
 * (rules.ts `stockMoves`, which refuses taking more than the stock read); a stock changed since it was read fails
 * the transaction (ConditionFailed), and the order reads again and decides again (create.ts).
 *
 * A product on layout 5 has a stock sort item keyed by its stock's bucket (lib/db/sort-buckets.ts). A change
 * that keeps the stock inside its bucket conditions on that range only — concurrent orders of the product do
 * not break it — and adds to the exact stock the item carries; one that crosses into another bucket moves the
 * item, and so conditions on the exact record it read.
 */
export function stockItems(table: TableTarget, lines: ProductLine[], direction: -1 | 1): Extra {
  return {
    items: stockMoves(lines, direction).flatMap(({ line, stock, delta }) => lineItems(table, line, stock, delta)),
  };
}

const STOCK_SORT = 'amount';
const hasStockItem = (product: ProductRecord) =>
  layoutOf(product) >= (productsEntity.storage.sortSince?.[STOCK_SORT] ?? Number.POSITIVE_INFINITY);

function lineItems(table: TableTarget, line: ProductLine, stock: number, delta: number): TransactItem[] {
  const key = entityKeys.record(productsEntity.storage.name, line.productId);
  const names = { '#amount': 'amount', '#version': 'version' };
  const update = 'SET #amount = #amount + :delta, #version = #version + :one';
  // Taking never leaves less than nothing, whatever else is known.
  const enough = delta < 0 ? ' AND #amount >= :taken' : '';
  const values = { ':delta': delta, ':one': 1, ...(delta < 0 ? { ':taken': -delta } : {}) };
  const record = (condition: string, more: Record<string, unknown> = {}): TransactItem => ({
    Update: {
      TableName: table.tableName,
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
          TableName: table.tableName,
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
    { Delete: { TableName: table.tableName, Key: before.key } },
    { Put: { TableName: table.tableName, Item: { ...after.key, ...after.item } } },
  ];
}

/** The exact stock on a stock sort item (the attribute a stock range filter reads). */
const STOCK_VALUE = projectedName({ field: 'amount', op: 'gte' });
