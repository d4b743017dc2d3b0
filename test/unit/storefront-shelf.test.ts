import { describe, expect, it } from 'vitest';
import { indexEntries, type StoredRecord } from '../../lib/db/entity-items.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import type { ListCondition } from '../../lib/db/list-filter.js';
import { productsEntity } from '../../lib/entities/products.js';
import { SHELF_LAYOUT, shelfConditions } from '../../lib/operations/storefront/shelf.js';

/**
 * The storefront's category page on the active-by-category indexes (lib/operations/storefront/shelf.ts): which
 * conditions fold into the index's equality, which lists stay as they were, and which products the index holds.
 */

const eq = (field: string, ...values: Array<string | number>): ListCondition => ({
  rule: { field, op: 'eq' },
  values,
});
const none = (field: string, ...values: number[]): ListCondition => ({ rule: { field, op: 'none' }, values });
const fields = (conditions: ListCondition[]) => conditions.map((c) => `${c.rule.field} ${c.rule.op} ${c.values}`);

describe('shelfConditions', () => {
  it('folds status A and a category (with or without subcategories) into the active index', () => {
    expect(fields(shelfConditions([eq('status', 'A'), eq('category_tree', 7)]))).toEqual(['active_category_tree eq 7']);
    expect(fields(shelfConditions([eq('status', 'A'), eq('category_ids', 7)]))).toEqual(['active_category_ids eq 7']);
  });

  it('keeps the visibility exclusions, judged on the items read', () => {
    const hidden = [none('category_ids', 3, 4), none('company_id', 9)];
    expect(fields(shelfConditions([eq('status', 'A'), ...hidden, eq('category_tree', 7)]))).toEqual([
      'category_ids none 3,4',
      'company_id none 9',
      'active_category_tree eq 7',
    ]);
  });

  it('leaves every other list as it was', () => {
    const lists: ListCondition[][] = [
      [eq('category_tree', 7)], // no status: an administrator's list
      [eq('status', 'D'), eq('category_tree', 7)],
      [eq('status', 'A')], // no category
      [eq('status', 'A'), eq('category_tree', 7, 8)],
      [eq('status', 'A'), eq('category_tree', 7), eq('company_id', 1)],
      [eq('status', 'A'), eq('category_tree', 7), { rule: { field: 'product', op: 'words' }, values: ['shirt'] }],
      [eq('status', 'A'), eq('category_tree', 7), eq('category_ids', 8)],
    ];
    for (const list of lists) expect(shelfConditions(list)).toEqual(list);
  });
});

describe('the active-by-category index items', () => {
  const record = (status: string): StoredRecord => ({
    product_id: 5,
    status,
    company_id: 1,
    category_ids: [7],
    category_tree: [2, 7],
    layout: LAYOUT_VERSION,
    version: 1,
  });
  const activeKeys = (r: StoredRecord) =>
    [...indexEntries(productsEntity, 5, r).values()]
      .map((entry) => entry.key.pk)
      .filter((pk) => pk.includes('#active_category'))
      .map((pk) => pk.replace(/~\d$/, ''))
      .sort();

  it('an active product is on its categories’ and their ancestors’ shelves, counted', () => {
    expect(activeKeys(record('A'))).toEqual([
      'IDX#product#active_category_ids#7',
      'IDX#product#active_category_tree#2',
      'IDX#product#active_category_tree#7',
    ]);
    const counted = [...indexEntries(productsEntity, 5, record('A')).values()].filter((e) =>
      `${e.count?.pk}#${e.count?.sk}`.includes('active_category'),
    );
    expect(counted).toHaveLength(3);
  });

  it('a disabled or hidden product is on none, nor is a record of an older layout', () => {
    expect(activeKeys(record('D'))).toEqual([]);
    expect(activeKeys(record('H'))).toEqual([]);
    expect(activeKeys({ ...record('A'), layout: SHELF_LAYOUT - 1 })).toEqual([]);
  });
});
