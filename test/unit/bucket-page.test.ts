import { describe, expect, it } from 'vitest';
import { type BucketItem, type BucketReader, bucketPage } from '../../lib/db/bucket-page.js';
import { encodeSortValue } from '../../lib/db/entity-keys.js';
import { padId } from '../../lib/db/keys.js';
import { bucketBounds, bucketOf } from '../../lib/db/sort-buckets.js';

describe('stock buckets', () => {
  it('put every value in a bucket whose bounds hold it, in the order of the values', () => {
    let previous = -1;
    for (let value = -5; value <= 5000; value++) {
      const { low, high } = bucketBounds(value);
      expect(value >= low && value <= high, `value ${value} in [${low}, ${high}]`).toBe(true);
      expect(bucketOf(value)).toBeGreaterThanOrEqual(previous);
      previous = bucketOf(value);
      // A bucket is one range: its low and high fall in it.
      if (Number.isFinite(low)) expect(bucketOf(low)).toBe(bucketOf(value));
      expect(bucketOf(high)).toBe(bucketOf(value));
    }
  });

  it('are wide enough that a few orders stay in one, and narrow against the value above 255', () => {
    expect(bucketBounds(10)).toEqual({ low: 8, high: 15 });
    expect(bucketBounds(0)).toEqual({ low: Number.NEGATIVE_INFINITY, high: 0 });
    expect(bucketBounds(-3).high).toBe(0);
    expect(bucketBounds(1000)).toEqual({ low: 992, high: 1023 });
    const { low, high } = bucketBounds(100_000);
    expect((high - low + 1) / 100_000).toBeLessThan(0.07);
  });
});

/** A sorted partition in memory behind the reader interface: what DynamoDB's Query does with begins/after/limit. */
function partition(values: number[]): { read: (descending: boolean, from?: string, to?: string) => BucketReader } {
  const items: BucketItem[] = values.map((value, i) => ({
    id: i + 1,
    value,
    sk: `${encodeSortValue(bucketOf(value), true)}#${padId(i + 1)}`,
  }));
  items.sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  return {
    read:
      (descending, from, to) =>
      async ({ begins, after, limit }) => {
        let range = items.filter((item) =>
          begins !== undefined
            ? item.sk.startsWith(begins)
            : (from === undefined || item.sk >= from) && (to === undefined || item.sk <= to),
        );
        if (descending) range = [...range].reverse();
        if (after !== undefined) range = range.filter((item) => (descending ? item.sk < after : item.sk > after));
        return limit === undefined ? range : range.slice(0, limit);
      },
  };
}

const exact = (values: number[], descending: boolean) =>
  values
    .map((value, i) => ({ id: i + 1, value }))
    .sort((a, b) => (a.value - b.value || a.id - b.id) * (descending ? -1 : 1))
    .map((item) => item.id);

// Stock spread like a catalog's: many out of stock, some low, most in the hundreds, a few in the thousands.
const values = Array.from({ length: 400 }, (_, i) => [0, 3, 9, 12, 150, 151, 333, 998, 1000, 5000][i % 10]! + (i % 7));

describe('a page of a bucketed sort', () => {
  for (const descending of [false, true]) {
    it(`by offset is the exact order's page (${descending ? 'descending' : 'ascending'})`, async () => {
      const read = partition(values).read(descending);
      const want = exact(values, descending);
      for (const [page, perPage] of [
        [1, 10],
        [2, 10],
        [7, 25],
        [40, 10],
        [41, 10],
      ] as const) {
        const got = await bucketPage(read, { descending, offset: (page - 1) * perPage, perPage });
        expect(got.items.map((item) => item.id)).toEqual(want.slice((page - 1) * perPage, page * perPage));
        expect(got.more).toBe(want.length > page * perPage);
      }
    });

    it(`by cursor walks the whole exact order once (${descending ? 'descending' : 'ascending'})`, async () => {
      const read = partition(values).read(descending);
      const seen: number[] = [];
      let cursor: [number, number] | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const got = await bucketPage(read, { descending, offset: 0, perPage: 13, cursor });
        seen.push(...got.items.map((item) => item.id));
        const last = got.items[got.items.length - 1];
        if (!got.more || !last) break;
        cursor = [last.value, last.id];
      }
      expect(seen).toEqual(exact(values, descending));
    });
  }

  it('reads the page and at most the rest of one bucket, not the partition', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => 1 + (i % 3000));
    const inner = partition(many).read(false);
    let read = 0;
    const counting: BucketReader = async (request) => {
      const items = await inner(request);
      read += items.length;
      return items;
    };
    const got = await bucketPage(counting, { descending: false, offset: 0, perPage: 10 });
    expect(got.items.map((item) => item.value)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    // Values 1–7 are one bucket: 2 of each value, 14 items.
    expect(read).toBeLessThanOrEqual(14 + 11);
  });

  it('a cursor outside a range reads nothing beyond its end, and from its start before it', async () => {
    const from = encodeSortValue(bucketOf(150), true);
    const to = `${encodeSortValue(bucketOf(333), true)}$`;
    const read = partition(values).read(false, from, to);
    const beyond = await bucketPage(read, { descending: false, offset: 0, perPage: 10, cursor: [5000, 1], from, to });
    expect(beyond.items).toEqual([]);
    const before = await bucketPage(read, { descending: false, offset: 0, perPage: 10, cursor: [0, 1], from, to });
    expect(before.items[0]!.value).toBe(150);
  });
});
