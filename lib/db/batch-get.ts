import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';

export type ItemKey = { pk: string; sk: string };
export type Item = Record<string, unknown>;

const keyOf = (key: ItemKey) => `${key.pk}\u0000${key.sk}`;

/**
 * Reads several items in one BatchGetItem (strongly consistent), in chunks of
 * 100, retrying unprocessed keys. Returns a lookup by key; missing items are absent.
 */
export async function batchGet(itemKeys: ItemKey[]): Promise<(key: ItemKey) => Item | undefined> {
  const found = new Map<string, Item>();
  const unique = [...new Map(itemKeys.map((key) => [keyOf(key), key])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: ItemKey[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      const table = config().tableName;
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[table] ?? []) {
        found.set(keyOf({ pk: String(item.pk), sk: String(item.sk) }), item);
      }
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as ItemKey[];
      if (pending.length > 0) {
        if (attempt >= 8) throw new Error('BatchGetItem left keys unprocessed');
        await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
      }
    }
  }
  return (key) => found.get(keyOf(key));
}

/** Items by key, in the order of `itemKeys` (one BatchGetItem per 100); missing ones are left out. */
export async function batchGetInOrder(itemKeys: ItemKey[]): Promise<Item[]> {
  if (itemKeys.length === 0) return [];
  const lookup = await batchGet(itemKeys);
  return itemKeys.flatMap((key) => {
    const item = lookup(key);
    return item ? [item] : [];
  });
}
