import { config } from '../config.js';
import { entityKeys } from '../db/entity-keys.js';
import { idsInIndex } from '../db/entity-list.js';
import { type EntityRecord, type Extra, getRecords } from '../db/entity-store.js';
import type { TransactItem } from '../db/transact.js';
import { productsEntity } from '../entities/products.js';
import { statusesEntity } from '../entities/statuses.js';
import { ValidationError } from '../errors.js';
import type { ProductLine } from './order-lines.js';

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

/** Takes (`-`) or gives back (`+`) stock of tracked products; taking conditions on enough being left. */
export function stockItems(lines: ProductLine[], direction: -1 | 1): Extra {
  const tracked = lines.filter((line) => line.product.tracking !== 'D');
  const items: TransactItem[] = tracked.map((line) => ({
    Update: {
      TableName: config().tableName,
      Key: entityKeys.record(productsEntity.storage, line.productId),
      UpdateExpression: 'SET #amount = #amount + :delta, #version = #version + :one',
      ConditionExpression: direction < 0 ? 'attribute_exists(pk) AND #amount >= :amount' : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#amount': 'amount', '#version': 'version' },
      ExpressionAttributeValues: {
        ':delta': direction * line.amount,
        ':one': 1,
        ...(direction < 0 ? { ':amount': line.amount } : {}),
      },
    },
  }));
  return {
    items,
    explain: (failed) => {
      const line = tracked[failed[0] ?? -1];
      if (!line) return undefined;
      return invalid(
        'products',
        `The product ${line.productId} ("${String(line.product.product)}") does not have ${line.amount} in stock`,
      );
    },
  };
}
