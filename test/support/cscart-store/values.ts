/** Values the double's generators share: ids with gaps, and money as CS-Cart writes it (decimal arithmetic). */
import Big from 'big.js';

/** Ids from `start`, with a gap after every few (deterministic): 12, 13, 15, 16, 17, 19, … */
export function oddIds(start: number, count: number): number[] {
  const ids: number[] = [];
  for (let id = start, i = 0; ids.length < count; id++, i++) if (i % 4 !== 2) ids.push(id);
  return ids;
}

/** Cents as CS-Cart's decimal string: 3000 → "30.00". */
export const money = (cents: number) => new Big(cents).div(100).toFixed(2);
