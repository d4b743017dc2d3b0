/**
 * The lazy merge of sorted shards (lib/db/shard-merge.ts): the first `limit` items of the merged order, exactly,
 * whatever the shards hold, reading each shard only as far as needed. Pure: shards are arrays behind a reader
 * that counts what it hands out.
 */
import { describe, expect, it } from 'vitest';
import { firstShare, mergeSorted, type PartitionReader } from '../../lib/db/shard-merge.js';

const byNumber = (a: number, b: number) => a - b;

/** Readers over sorted arrays, and how many items each handed out. */
function shardsOf(
  shards: number[][],
  descending = false,
): { readers: PartitionReader<number>[]; read: number[]; calls: number[] } {
  const read = shards.map(() => 0);
  const calls = shards.map(() => 0);
  const readers = shards.map(
    (items, i): PartitionReader<number> =>
      async (count, after) => {
        const start = after === undefined ? 0 : items.findIndex((item) => (descending ? item < after : item > after));
        const answer = start < 0 ? [] : items.slice(start, start + count);
        read[i]! += answer.length;
        calls[i]! += 1;
        return answer;
      },
  );
  return { readers, read, calls };
}

/** A deterministic spread of 0…n-1 over `count` shards (a multiplicative hash, like the ids'). */
function spread(n: number, count: number, skew = (i: number) => (i * 2654435761) % 2 ** 32): number[][] {
  const shards: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < n; i++) shards[Math.floor((skew(i) / 2 ** 32) * count)]!.push(i);
  return shards;
}

describe('merging sorted shards', () => {
  it('answers the first `limit` of the merged order for every page size, reading a share of each shard', async () => {
    for (const limit of [1, 2, 11, 21, 51, 101]) {
      const shards = spread(2000, 8);
      const { readers, read } = shardsOf(shards);
      expect(await mergeSorted(readers, byNumber, limit)).toEqual(Array.from({ length: limit }, (_, i) => i));
      // Never the whole page from every shard, once a page is more than a few items.
      if (limit >= 11) expect(read.reduce((a, b) => a + b, 0)).toBeLessThan(8 * limit);
    }
  });

  it('reads further only the shards that may hold one of the page, and stays exact, when one shard holds it all', async () => {
    // Every item of the first page is in shard 0; the first round still brings 30 items, 20 of them from shards
    // whose items all sort after the page's: they must not be taken for the page.
    const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    const { readers, calls } = shardsOf([range(0, 50), range(100, 30), range(200, 30)]);
    expect(await mergeSorted(readers, byNumber, 21)).toEqual(range(0, 21));
    // Shard 0 is read on; shard 2, whose first items already sort after the 21st item read, is not.
    expect(calls).toEqual([2, 2, 1]);
  });

  it('answers what there is when the shards hold fewer items than the limit, or none', async () => {
    const { readers } = shardsOf([[5, 9], [], [1, 7, 8]]);
    expect(await mergeSorted(readers, byNumber, 11)).toEqual([1, 5, 7, 8, 9]);
    expect(await mergeSorted(shardsOf([[], []]).readers, byNumber, 3)).toEqual([]);
  });

  it('keeps an item met in two shards once (a record the layout migration is moving)', async () => {
    const { readers } = shardsOf([
      [1, 3, 5],
      [3, 4],
    ]);
    expect(await mergeSorted(readers, byNumber, 4)).toEqual([1, 3, 4, 5]);
  });

  it('merges in descending order with a reversed comparison', async () => {
    const { readers } = shardsOf(
      spread(300, 8).map((items) => [...items].reverse()),
      true,
    );
    const descending = (a: number, b: number) => b - a;
    expect(await mergeSorted(readers, descending, 11)).toEqual(Array.from({ length: 11 }, (_, i) => 299 - i));
  });

  it('first reads a quarter of the page and 4 more from each shard, never more than the page', () => {
    expect([1, 2, 11, 101].map(firstShare)).toEqual([1, 2, 7, 30]);
  });
});
