/**
 * The `outside` list rule (lib/entities/types.ts FilterRule): an id list holds at least one value outside a set
 * (a product in several categories is shown while one of them is visible, as CS-Cart's fn_get_products joins its
 * categories: any one that passes is enough). A FilterExpression cannot look at each element of a list, but it can
 * tell a list's size and whether it contains a value; a list holds nothing outside the set exactly when it is made
 * of some of the set's values: for each non-empty subset of the set, `size` is the subset's and every one of its
 * values is contained. The expression grows as 2^n, so only a set of at most OUTSIDE_EXPRESSION_LIMIT values is
 * judged on index items; a larger one is judged on the records (lib/db/list-filter.ts `canProject`).
 */

/** The largest set whose subsets the expression spells out (31 subsets, 80 `contains`: about 2.5 KB of DynamoDB's 4). */
export const OUTSIDE_EXPRESSION_LIMIT = 5;

/** The non-empty subsets of the values' positions, smallest first. */
function subsets(count: number): number[][] {
  const out: number[][] = [];
  for (let mask = 1; mask < 1 << count; mask++)
    out.push([...Array(count).keys()].filter((position) => (mask & (1 << position)) !== 0));
  return out.sort((a, b) => a.length - b.length);
}

/**
 * The expression of "the list attribute `name` holds a value outside the set": `placeholders` are the set's values'
 * placeholders, `sizePlaceholder(k)` a placeholder of the number k. An empty list counts as outside (it is the
 * list's elements that are judged, and it has none to hide it), as `outsideOf` judges a record.
 */
export function outsideExpression(
  name: string,
  placeholders: readonly string[],
  sizePlaceholder: (k: number) => string,
) {
  const within = subsets(placeholders.length).map(
    (subset) =>
      `(size(${name}) = ${sizePlaceholder(subset.length)} AND ${subset.map((i) => `contains(${name}, ${placeholders[i]})`).join(' AND ')})`,
  );
  return `(NOT (${within.join(' OR ')}))`;
}

/** The same judgement on a record's list (an empty or absent list counts as outside). */
export function outsideOf(list: unknown, values: readonly unknown[]): boolean {
  const held = Array.isArray(list) ? list.map(String) : [];
  const set = new Set(values.map(String));
  return held.length === 0 || held.some((value) => !set.has(value));
}
