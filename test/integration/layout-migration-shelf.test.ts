/**
 * Layout 9 (lib/db/migrations/layout-09.ts `layout-9`): the products' sparse active-by-category indexes, which the
 * storefront's category page reads (lib/operations/storefront/shelf.ts). Products written as layout 8 on a table whose
 * marker says 8, then: the same category page before the migration (the category's partition judged on the status),
 * halfway through it, after it (the active index, counted by its count item), and after status and category changes
 * made by the ordinary update path, which move a product onto and off the shelves.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../lib/db/counters.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { type ListCondition, listRecords } from '../../lib/db/entity-list.js';
import { countsAt, getRecord, updateRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { rewriteToCurrentLayout } from '../../lib/db/migrations/record-rewrite.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { defaultTableContext, tableLayout } from '../../lib/db/table-context.js';
import { productsEntity } from '../../lib/entities/products.js';
import { onShelf } from '../../lib/operations/storefront/shelf.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  clearMigrationMarkersFrom,
  companyA,
  eq,
  restoreCurrentLayout,
  send,
  table,
  writeOld,
} from './layout-migration-fixtures.js';

// Its layout and migration markers are its own (./layout-migration-fixtures.ts onOwnTable).
onOwnTable('mig-shelf');

const TOP = companyA + 21;
const LEAF = companyA + 22;
const STATUSES = ['A', 'A', 'D', 'A', 'H', 'A'];
const products: Array<{ id: number; status: string }> = [];

beforeAll(async () => {
  await setLayoutMarker(8);
  for (const sk of ['DONE', 'PROGRESS'])
    await send(new DeleteCommand({ TableName: table(), Key: { pk: 'MIGRATION#layout-9', sk } }));
  await clearMigrationMarkersFrom(9);
  for (const status of STATUSES) {
    const id = await nextId('product');
    products.push({ id, status });
    await writeOld(productsEntity, {
      product_id: id,
      product: `Shelf ${id}`,
      status,
      company_id: companyA,
      category_ids: [LEAF],
      category_tree: [TOP, LEAF],
      layout: 8,
      version: 1,
    });
  }
});

afterAll(restoreCurrentLayout);

/** A guest's category page as the storefront asks it: status A and the category (its subtree, or itself). */
async function page(field: 'category_tree' | 'category_ids', category: number, perPage = 2, at = 1) {
  const conditions: ListCondition[] = await onShelf([eq('status', 'A'), eq(field, category)]);
  const { records, total } = await listRecords(
    productsEntity,
    {
      conditions,
      sortBy: 'id',
      descending: false,
      page: at,
      itemsPerPage: perPage,
    },
    defaultTableContext(),
  );
  return { ids: records.map((r) => Number(r.product_id)), total, fields: conditions.map((c) => c.rule.field) };
}

const active = () => products.filter((p) => p.status === 'A').map((p) => p.id);

async function expectPages(fields: string[]): Promise<void> {
  const ids = active();
  for (const [field, category] of [
    ['category_tree', TOP],
    ['category_tree', LEAF],
    ['category_ids', LEAF],
  ] as const) {
    const first = await page(field, category);
    expect(first).toEqual({ ids: ids.slice(0, 2), total: ids.length, fields: expect.any(Array) });
    expect(first.fields.some((f) => fields.includes(f))).toBe(true);
    expect((await page(field, category, 2, 2)).ids).toEqual(ids.slice(2, 4));
  }
  expect((await page('category_ids', TOP)).total).toBe(0);
}

describe('layout 9: the storefront category page on the active-by-category indexes', () => {
  it('before layout 9, the page reads the category as before, and answers right', async () => {
    expect(await tableLayout()).toBe(8);
    await expectPages(['category_tree', 'category_ids']);
  });

  it('halfway through the migration (some products rewritten, some not), the page answers right', async () => {
    for (const { id } of products.slice(0, 3)) expect(await rewriteToCurrentLayout(productsEntity, id)).toBe(true);
    await expectPages(['category_tree', 'category_ids']);
  });

  it('after it: the marker says 9, the page reads the active index, counted by its count item', async () => {
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toContain('layout-9');
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    for (const { id } of products) expect((await getRecord(productsEntity, id))?.layout).toBe(LAYOUT_VERSION);
    const [tree] = await countsAt(
      [entityKeys.count('product', 'active_category_tree', String(TOP))],
      defaultTableContext(),
    );
    expect(tree).toBe(active().length);
    await expectPages(['active_category_tree', 'active_category_ids']);
  });

  it('a status or category change moves the product onto or off the shelves, counts included', async () => {
    const disabled = products[0]!;
    await updateRecord(productsEntity, disabled.id, () => ({ status: 'D' }));
    disabled.status = 'D';
    const enabled = products[2]!;
    await updateRecord(productsEntity, enabled.id, () => ({ status: 'A' }));
    enabled.status = 'A';
    await expectPages(['active_category_tree', 'active_category_ids']);
    const moved = products[1]!;
    // Out of the leaf, still under the top category (its tree as a move of the leaf's subtree writes it).
    await updateRecord(productsEntity, moved.id, () => ({ category_ids: [], category_tree: [TOP] }));
    for (const field of ['category_ids', 'category_tree'] as const) {
      const leaf = await page(field, LEAF, 10);
      expect(leaf).toMatchObject({ ids: active().filter((id) => id !== moved.id), total: active().length - 1 });
    }
    expect(await page('category_tree', TOP, 10)).toMatchObject({ ids: active(), total: active().length });
  });

  it('the active index as a condition beside another sort is judged on the records (derived, not stored)', async () => {
    const conditions = await onShelf([eq('status', 'A'), eq('category_tree', TOP)]);
    const { records, total } = await listRecords(
      productsEntity,
      {
        conditions,
        sortBy: 'product',
        descending: false,
        page: 1,
        itemsPerPage: 50,
      },
      defaultTableContext(),
    );
    expect(records.map((r) => Number(r.product_id)).sort((a, b) => a - b)).toEqual(active());
    expect(total).toBe(active().length);
  });
});
