import { config } from '../config.js';
import type { EntityRecord } from './entity-reads.js';
import { padId } from './keys.js';
import { queryAll } from './query.js';
import type { TransactItem } from './transact.js';

/**
 * The categories whose `usergroup_ids` leave someone out (they do not hold 0, "everyone"): one small partition,
 * an item per such category with its groups, written in the category's own write transaction. The storefront reads
 * it whole on every catalogue request (lib/operations/storefront/visibility.ts): a Query whose cost follows the
 * number of restricted categories, never the catalogue's size. A category that everyone sees has no item.
 */
const PARTITION = 'SFVIS#category';
const itemKey = (categoryId: number) => ({ pk: PARTITION, sk: padId(categoryId) });

/** A category's groups (0: everyone), as stored: an id list. Records written before it was writable hold none. */
export const categoryGroups = (record: EntityRecord): number[] => {
  const stored = record.usergroup_ids;
  return Array.isArray(stored) && stored.length > 0 ? stored.map(Number) : [0];
};

const restricted = (record: EntityRecord | undefined) => record !== undefined && !categoryGroups(record).includes(0);

/** The marker's Put or Delete for a category's write (nothing when it stays visible to everyone). */
export function restrictedCategoryItems(
  categoryId: number,
  next: EntityRecord | undefined,
  previous?: EntityRecord,
): TransactItem[] {
  const TableName = config().tableName;
  if (restricted(next)) {
    return [{ Put: { TableName, Item: { ...itemKey(categoryId), usergroup_ids: categoryGroups(next!) } } }];
  }
  return restricted(previous) || next === undefined ? [{ Delete: { TableName, Key: itemKey(categoryId) } }] : [];
}

/** Every restricted category → the groups that may see it. */
export async function restrictedCategories(): Promise<Map<number, number[]>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': PARTITION },
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [Number(item.sk), (item.usergroup_ids as number[]).map(Number)]));
}
