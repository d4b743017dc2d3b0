import Big from 'big.js';
import type { RepricedMarker } from '../../db/repriced-products.js';
import { shopperPrice } from '../product-prices.js';

/**
 * Pure rules of a shopper's price range and price sort (SPEC §11 "with the shopper's price"): which products a
 * shopper sees below their own price, whether a price lies in a range, and where a few such products fall among a
 * list read in its stored order (lib/operations/storefront/repriced-list.ts reads; these decide).
 */

/** The products whose price for these groups at `amount` is below their own price → that price (2 decimals). */
export function repricedFor(
  markers: ReadonlyMap<number, RepricedMarker>,
  groups: readonly number[],
  amount: number,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const [id, marker] of markers) {
    const price = shopperPrice(marker.price, marker.prices, groups, amount);
    if (new Big(price).lt(new Big(marker.price))) out.set(id, price);
  }
  return out;
}

/** Is `price` within `from`..`to` (either bound absent: open)? Exact decimals. */
export function inPriceRange(price: string, from?: string, to?: string): boolean {
  const value = new Big(price);
  return (from === undefined || value.gte(new Big(from))) && (to === undefined || value.lte(new Big(to)));
}

/**
 * The main list's slice to read so that a page can be merged with `extras` more records: the page starts at
 * `start` with `size` rows; at most `extras` of the merged rows before it are extras, so the main rows of the page
 * lie within [start - extras, start + size) of the main list.
 */
export function mainWindow(start: number, size: number, extras: number) {
  return { from: Math.max(0, start - extras), to: start + size };
}

/**
 * One page of the merge of a list read in its order (`slice`: its rows from position `from` on) with `extras`
 * (few, in any order; none of them in the list), as `compare` orders them: the rows at merged positions
 * [start, start + size). An extra no later than the slice's first row, when the slice does not start the list,
 * lies before the page (at most `from` list rows and its rank of extras precede it, and from + extras <= start).
 */
export function mergedPage<T>(
  slice: readonly T[],
  from: number,
  extras: readonly T[],
  compare: (a: T, b: T) => number,
  start: number,
  size: number,
): T[] {
  const sorted = [...extras].sort(compare);
  const placed: Array<{ at: number; row: T }> = [];
  slice.forEach((row, i) => {
    placed.push({ at: from + i + sorted.filter((extra) => compare(extra, row) < 0).length, row });
  });
  sorted.forEach((extra, rank) => {
    if (from > 0 && (slice.length === 0 || compare(extra, slice[0]!) <= 0)) return;
    placed.push({ at: from + slice.filter((row) => compare(row, extra) < 0).length + rank, row: extra });
  });
  return placed
    .filter(({ at }) => at >= start && at < start + size)
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row);
}
