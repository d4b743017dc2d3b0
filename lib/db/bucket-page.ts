import { encodeSortValue } from './entity-keys.js';
import { bucketOf } from './sort-buckets.js';

/**
 * One page of a list sorted by a bucketed sort (lib/db/sort-buckets.ts). The partition's keys are in bucket
 * order, so the page's items are found by reading in key order up to the page's end and then the rest of the
 * last bucket read: every item that can sort before the page's end is then in hand, and the exact value each
 * item carries puts them in order. Ties on the value fall to the id (descending: both reversed), as the lists
 * sorted in memory do, and a cursor is the same `[value, id]`.
 */

/** An item of a bucketed sort partition: the record's id, the item's sort key and the exact value. */
export interface BucketItem {
  id: number;
  sk: string;
  value: number;
}

/**
 * Reads the list's range in its direction (with its filter): from the start, or after sort key `after`
 * (exclusive); only the sort keys starting with `begins` when given; at most `limit` matches when given.
 */
export type BucketReader = (read: { begins?: string; after?: string; limit?: number }) => Promise<BucketItem[]>;

export interface BucketPageRequest {
  descending: boolean;
  /** Items before the page (offset paging). */
  offset: number;
  /** Items on the page; absent: every item. */
  perPage?: number;
  /** Keyset paging: the page starts right after this `[value, id]`. */
  cursor?: readonly [number, number];
  /** The range's own bounds, so a cursor from another list cannot send the read outside them. */
  from?: string;
  to?: string;
}

export interface BucketPage {
  items: BucketItem[];
  /** Whether an item follows the page. */
  more: boolean;
}

export async function bucketPage(read: BucketReader, request: BucketPageRequest): Promise<BucketPage> {
  const { descending, cursor } = request;
  const order = (a: BucketItem, b: BucketItem) => (a.value - b.value || a.id - b.id) * (descending ? -1 : 1);
  const wanted = request.perPage === undefined ? undefined : (cursor ? 0 : request.offset) + request.perPage + 1;
  const items: BucketItem[] = [];
  let after: string | undefined;
  if (cursor) {
    // The rest of the cursor's bucket, then on from the bucket's far end.
    const bucket = encodeSortValue(bucketOf(cursor[0]), true);
    const position = { id: cursor[1], sk: '', value: cursor[0] };
    const inRange =
      (request.from === undefined || bucket >= request.from) && (request.to === undefined || bucket <= request.to);
    if (inRange) items.push(...(await read({ begins: `${bucket}#` })).filter((item) => order(item, position) > 0));
    after = descending ? `${bucket}#` : `${bucket}$`;
    // A cursor beyond the range's end leaves nothing to read; one before its start, the whole range.
    const beyondEnd = descending
      ? request.from !== undefined && after < request.from
      : request.to !== undefined && after > request.to;
    const beforeStart = descending
      ? request.to !== undefined && after > request.to
      : request.from !== undefined && after < request.from;
    if (beyondEnd) return finish(items, order, 0, request.perPage);
    if (beforeStart) after = undefined;
  }
  const limit = wanted === undefined ? undefined : wanted - items.length;
  if (limit === undefined || limit > 0) {
    const next = await read({ after, limit });
    items.push(...next);
    const last = next[next.length - 1];
    if (limit !== undefined && last && next.length >= limit) {
      // More may follow: the rest of the last bucket read can still sort before the page's end.
      const bucket = last.sk.slice(0, last.sk.lastIndexOf('#') + 1);
      items.push(...(await read({ begins: bucket, after: last.sk })));
    }
  }
  return finish(items, order, cursor ? 0 : request.offset, request.perPage);
}

function finish(
  items: BucketItem[],
  order: (a: BucketItem, b: BucketItem) => number,
  offset: number,
  perPage: number | undefined,
): BucketPage {
  items.sort(order);
  const end = perPage === undefined ? undefined : offset + perPage;
  return { items: items.slice(offset, end), more: end !== undefined && items.length > end };
}
