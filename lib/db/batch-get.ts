import { type Item, type ItemKey, joinedRead, type Lookup } from './joined-reads.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

export type { Item, ItemKey };

/**
 * Reads several items in one BatchGetItem (strongly consistent), in chunks of 100, retrying unprocessed keys —
 * together with any other read by key started in the same turn (lib/db/joined-reads.ts). Returns a lookup by
 * key; missing items are absent.
 */
export function batchGet(itemKeys: ItemKey[], table: TableTarget = DEFAULT_TABLE): Promise<Lookup> {
  return joinedRead(itemKeys, false, table);
}

/** Items by key, in the order of `itemKeys` (one BatchGetItem per 100); missing ones are left out. */
export async function batchGetInOrder(itemKeys: ItemKey[], table: TableTarget = DEFAULT_TABLE): Promise<Item[]> {
  if (itemKeys.length === 0) return [];
  const lookup = await batchGet(itemKeys, table);
  return itemKeys.flatMap((key) => {
    const item = lookup(key);
    return item ? [item] : [];
  });
}
