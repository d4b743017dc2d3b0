/**
 * The first `limit` items of several sorted partitions, merged, reading each partition only as far as the merge
 * needs (lib/db/sharded-query.ts reads a logical partition's write shards through it).
 *
 * Reading the first `limit` items of every one of 8 shards reads 8 × `limit` items for a page of `limit`. With
 * ids hashed evenly over the shards, a shard holds about an eighth of any range, so the merge first reads
 * `firstShare(limit)` items of each (a quarter of the page and 4 more: 7 of 11 for a page of 10, 30 of 101 for a page of 100).
 * In simulations of even hashing that is enough more than 99.9 % of the time for pages of 10 or more. When it
 * is not, only the shards that may still hold one of the first `limit` items are read further, from where they
 * stopped, with twice the share. The answer is exact either way:
 *
 * - a shard that answered fewer items than asked has no more; any other shard's unread items all sort after the
 *   last item it answered;
 * - so every item up to the earliest such "last item" (the boundary) has been read, and the items up to it are the
 *   merge's first ones, in order. When there are `limit` of them, they are the answer.
 */

/** One partition read from a position: up to `count` items after `after` (exclusive; absent: from the start). */
export type PartitionReader<T> = (count: number, after: T | undefined) => Promise<T[]>;

/** How many items of each shard the first round reads, for a merged answer of `limit`. */
export const firstShare = (limit: number): number => Math.min(limit, Math.ceil(limit / 4) + 4);

interface Cursor<T> {
  read: PartitionReader<T>;
  last: T | undefined;
  done: boolean;
}

/**
 * Merges sorted partitions (`compare`: the merged order; items equal under it are the same item, kept once) up to
 * `limit` items, reading each through `read` as needed.
 */
export async function mergeSorted<T>(
  readers: ReadonlyArray<PartitionReader<T>>,
  compare: (a: T, b: T) => number,
  limit: number,
): Promise<T[]> {
  const cursors: Cursor<T>[] = readers.map((read) => ({ read, last: undefined, done: false }));
  const seen: T[] = [];
  const fetch = async (cursor: Cursor<T>, count: number) => {
    const items = await cursor.read(count, cursor.last);
    seen.push(...items);
    if (items.length > 0) cursor.last = items[items.length - 1];
    cursor.done = items.length < count;
  };
  let share = firstShare(limit);
  let pending = cursors;
  for (;;) {
    await Promise.all(pending.map((cursor) => fetch(cursor, share)));
    const merged = distinctSorted(seen, compare);
    const open = cursors.filter((cursor) => !cursor.done);
    if (open.length === 0) return merged.slice(0, limit);
    // Every item up to the earliest last item of a shard with more has been read.
    const boundary = open.map((cursor) => cursor.last as T).reduce((a, b) => (compare(a, b) <= 0 ? a : b));
    const certain = merged.filter((item) => compare(item, boundary) <= 0);
    if (certain.length >= limit) return certain.slice(0, limit);
    // Only a shard whose last item sorts before the current `limit`-th can still hold one of the first `limit`.
    const cutoff = merged.length >= limit ? merged[limit - 1] : undefined;
    pending = open.filter((cursor) => cutoff === undefined || compare(cursor.last as T, cutoff) < 0);
    share *= 2;
  }
}

/** Items in `compare`'s order, each kept once (items equal under it are the same item). */
export function distinctSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  const sorted = [...items].sort(compare);
  return sorted.filter((item, i) => i === 0 || compare(item, sorted[i - 1]!) !== 0);
}
