import type { ListCondition } from '../../db/list-filter.js';
import { tableLayout } from '../../db/table-context.js';
import { productsEntity } from '../../entities/products.js';

/**
 * The storefront's category page (`sra_products?cid=N`, `/categories/N/sra_products`) on the products' sparse
 * active-by-category indexes (lib/entities/products.ts `derivedIndexes`, item layout 9): "status A" and "in category
 * N" (or in its subtree) become one equality on a partition that holds exactly those products and has its count,
 * so the page is one keyset Query beside a count at any catalogue size — where the category's partition judged on
 * the status needed a COUNT of the whole category for `total_items`.
 *
 * Only when nothing else would have to be judged on a condition the new partition's items cannot answer: the
 * visibility exclusions (`none` of hidden categories, closed stores) are judged on the projected fields every index
 * item carries; any other condition (a search, a store, a feature) keeps the list as it was, exact either way.
 */

const SHELVES: Readonly<Record<string, string>> = {
  category_ids: 'active_category_ids',
  category_tree: 'active_category_tree',
};

/** The layout from which a table has the active-by-category items. */
export const SHELF_LAYOUT = productsEntity.storage.indexSince!.active_category_tree!;

const single = (c: ListCondition) => c.rule.op === 'eq' && c.values.length === 1;

/** Pure: the conditions with status A and one category folded into the active index's equality, when they allow it. */
export function shelfConditions(conditions: readonly ListCondition[]): ListCondition[] {
  const status = conditions.filter((c) => c.rule.field === 'status');
  const category = conditions.filter((c) => SHELVES[c.rule.field] !== undefined && c.rule.op === 'eq');
  const [active, shelf] = [status[0], category[0]];
  if (status.length !== 1 || category.length !== 1 || !active || !shelf) return [...conditions];
  if (!single(active) || String(active.values[0]) !== 'A' || !single(shelf)) return [...conditions];
  const others = conditions.filter((c) => c !== active && c !== shelf);
  if (!others.every((c) => c.rule.op === 'none')) return [...conditions];
  return [...others, { rule: { field: SHELVES[shelf.rule.field]!, op: 'eq' }, values: shelf.values }];
}

/** The shelf's conditions once the table has its items (a table still migrating reads the category as before). */
export async function onShelf(conditions: ListCondition[]): Promise<ListCondition[]> {
  return (await tableLayout()) >= SHELF_LAYOUT ? shelfConditions(conditions) : conditions;
}
