/**
 * Bucketed sort items (docs/data-model.md "Stock: bucketed sort items"), for a numeric field that changes with
 * nearly every write of its record — a product's stock, moved by every order. An item keyed by the exact value
 * would have to move on every order, and to move it an order must know the exact value it moves it from: each
 * order would condition on the stock it read, so concurrent orders of one product would go through one at a time.
 *
 * So the item's sort key holds the value's bucket, and the exact value rides on the item (`p_<field>`). An order
 * that keeps the stock inside its bucket conditions only on that (`amount BETWEEN …`, which other such orders do
 * not break) and adds to the exact value; only an order that crosses into another bucket moves the item, and only
 * it conditions on the exact stock. A range or a sort reads whole buckets in key order and orders them exactly by
 * the value they carry (lib/db/bucket-page.ts): it reads its answer plus at most the rest of one bucket.
 *
 * Buckets: every value ≤ 0 is bucket 0 (out of stock; negatives too); 1–7 is one bucket; from 8 they are 8 wide
 * up to 255, then 16 per doubling (about 3–6 % of the value): 256–271, …, 992–1,023, 1,024–1,087, …
 */

/** The lowest value of the bucket `value` falls in. */
export function bucketOf(value: number): number {
  if (!(value > 0)) return 0;
  if (value < 8) return 1;
  const width = bucketWidth(value);
  return Math.floor(value / width) * width;
}

/** The values of the bucket `value` falls in, inclusive (`low` is -Infinity for bucket 0: negatives are in it). */
export function bucketBounds(value: number): { low: number; high: number } {
  const low = bucketOf(value);
  if (low === 0) return { low: Number.NEGATIVE_INFINITY, high: 0 };
  if (low === 1) return { low: 1, high: 7 };
  return { low, high: low + bucketWidth(value) - 1 };
}

function bucketWidth(value: number): number {
  return Math.max(8, 2 ** (Math.floor(Math.log2(value)) - 4));
}
