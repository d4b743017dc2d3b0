/**
 * An old table upgraded in place (docs/data-model.md "Layout versions and migrations"): products and orders
 * written with the layout-1 items only (no text items, no company copies, no orders e-mail index, no
 * customer-name sort items, nothing in partition shards) and no layout marker, every list answered before the
 * migration, with some records moved into their partition shards, `runMigrations`, the same lists answered
 * after — the same rows and totals — and a second run that finds nothing to do; the counts delete guards check
 * moved to their own items, the index items into their shards. Then a table on layout 2 (migrated before
 * layout 3 existed) gets the layout-3 sort items the same way. In-process, on DynamoDB Local.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../lib/db/counters.js';
import { encodeSortValue, entityKeys } from '../../lib/db/entity-keys.js';
import { type ListCondition, listRecords } from '../../lib/db/entity-list.js';
import { countOf, getRecord, updateRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { shardOfId, shardPk, shardPks } from '../../lib/db/partition-shards.js';
import { productIdsWithCode } from '../../lib/db/product-code-lookup.js';
import { queryAll } from '../../lib/db/query.js';
import { defaultTableContext, layoutReady, tableLayout } from '../../lib/db/table-context.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  clearMigrationMarkersFrom,
  companyA,
  companyB,
  eq,
  restoreCurrentLayout,
  send,
  table,
  tag,
  writeOld,
} from './layout-migration-fixtures.js';

// Its layout and migration markers are its own (./layout-migration-fixtures.ts onOwnTable).
onOwnTable('mig-in-place');

const NAMES = ['alpha shirt', 'beta shoes', 'gamma shirt', 'delta hat', 'epsilon lamp', 'zeta shirt'];

const category = companyA;
const rule = (name: string) => productsEntity.storage.filterRules![name]!;

/** Every list compared: [name, definition, conditions, sort_by, descending]. */
const LISTS: Array<[string, StoredEntityDefinition, ListCondition[], string, boolean]> = [
  ['company A', productsEntity, [eq('company_id', companyA)], 'id', false],
  ['company A, status D', productsEntity, [eq('company_id', companyA), eq('status', 'D')], 'id', false],
  ['category subtree', productsEntity, [eq('category_tree', category)], 'id', true],
  [
    'company B in the category',
    productsEntity,
    [eq('category_tree', category), eq('company_id', companyB)],
    'id',
    false,
  ],
  [
    'q shirt (word at a name word start)',
    productsEntity,
    [eq('company_id', companyA), { rule: rule('q'), values: ['shirt'], match: 'all' }],
    'id',
    false,
  ],
  [
    'q the tag, company B',
    productsEntity,
    [eq('company_id', companyB), { rule: rule('q'), values: [tag], match: 'all' }],
    'id',
    false,
  ],
  ['pcode prefix', productsEntity, [{ rule: rule('pcode'), values: [`${tag}-a`] }], 'id', false],
  [
    'pcode exact, company A',
    productsEntity,
    [eq('company_id', companyA), { rule: rule('pcode'), values: [`${tag}-a-1`] }],
    'id',
    false,
  ],
  [
    'price range within company A',
    productsEntity,
    [
      eq('company_id', companyA),
      { rule: rule('price_from'), values: ['15'] },
      { rule: rule('price_to'), values: ['45'] },
    ],
    'id',
    false,
  ],
  ['company A by price', productsEntity, [eq('company_id', companyA)], 'price', true],
  ['company B by name', productsEntity, [eq('company_id', companyB)], 'product', false],
  ['orders by e-mail', ordersEntity, [eq('email_lc', `${tag}@example.com`)], 'id', false],
  [
    'orders by e-mail, company B',
    ordersEntity,
    [eq('email_lc', `${tag}@example.com`), eq('company_id', companyB)],
    'id',
    false,
  ],
  ['orders of company A by date', ordersEntity, [eq('company_id', companyA)], 'date', true],
  ['orders of company B with status P', ordersEntity, [eq('company_id', companyB), eq('status', 'P')], 'id', false],
  ['company A by stock (in memory)', productsEntity, [eq('company_id', companyA)], 'amount', false],
  ['the tag by stock, descending', productsEntity, [{ rule: rule('q'), values: [tag], match: 'all' }], 'amount', true],
  [
    'stock range',
    productsEntity,
    [
      eq('category_tree', category),
      { rule: rule('amount_from'), values: [3] },
      { rule: rule('amount_to'), values: [7] },
    ],
    'id',
    false,
  ],
  ['orders by customer', ordersEntity, [eq('email_lc', `${tag}@example.com`)], 'customer', false],
];

async function answers(): Promise<Record<string, { ids: number[]; total: number }>> {
  const out: Record<string, { ids: number[]; total: number }> = {};
  for (const [name, def, conditions, sortBy, descending] of LISTS) {
    const { records, total } = await listRecords(
      def,
      { conditions, sortBy, descending, page: 1, itemsPerPage: 50 },
      defaultTableContext(),
    );
    out[name] = { ids: records.map((record) => Number(record[def.schema.idField])), total };
  }
  return out;
}

const productIds: number[] = [];
let before: Record<string, { ids: number[]; total: number }>;

beforeAll(async () => {
  // The table as an older deployment left it: no layout marker, no migration done.
  await send(new DeleteCommand({ TableName: table(), Key: layoutMarkerKey }));
  await send(new DeleteCommand({ TableName: table(), Key: { pk: 'MIGRATION#layout-2', sk: 'DONE' } }));
  for (const id of ['layout-2', 'count-keys', 'layout-3', 'layout-4', 'layout-5', 'layout-6', 'layout-7', 'layout-8']) {
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: `MIGRATION#${id}`, sk } }));
  }
  await clearMigrationMarkersFrom(2);
  for (const [i, name] of NAMES.entries()) {
    const id = await nextId('product');
    const company = i % 3 === 2 ? companyB : companyA;
    productIds.push(id);
    await writeOld(productsEntity, {
      product_id: id,
      product: `${tag} ${name}`,
      product_code: `${tag}-${company === companyA ? 'a' : 'b'}-${i}`,
      price: `${10 * (i + 1)}.00`,
      status: i === 1 ? 'D' : 'A',
      company_id: company,
      free_shipping: 'N',
      is_edp: 'N',
      category_ids: [category],
      category_tree: [category],
      main_category: category,
      timestamp: 1_700_000_000 + i,
      updated_timestamp: 1_700_000_000 + i,
      amount: (i * 5) % 11,
      version: 1,
    });
  }
  for (let i = 0; i < 4; i++) {
    const id = await nextId('order');
    await writeOld(ordersEntity, {
      order_id: id,
      email_lc: `${tag}@example.com`,
      user_id: 0,
      status: i % 2 ? 'P' : 'O',
      company_id: i < 2 ? companyA : companyB,
      timestamp: 1_700_000_000 + i,
      total: `${i + 1}.00`,
      lastname: ['Young', 'Adams', 'King', 'Baker'][i]!,
      payment_id: 1,
      shipping_ids: [1],
      product_ids: [productIds[0]!],
      version: 1,
    });
  }
  expect(await layoutReady()).toBe(false);
  before = await answers();
});

/** The physical partition keys holding the test's items of a logical partition (its shards and itself). */
async function holders(pk: string): Promise<string[]> {
  const found: string[] = [];
  for (const physical of [pk, ...shardPks(pk)]) {
    const items = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': physical },
      ConsistentRead: true,
    });
    if (items.some((item) => productIds.includes(Number(item.id)))) found.push(physical);
  }
  return found;
}

afterAll(restoreCurrentLayout);

describe('migrating an old table in place', () => {
  it('the old layout answers every list (the rows the test seeded)', () => {
    expect(before['company A']!.total).toBe(4);
    expect(before['category subtree']!.ids).toEqual([...productIds].reverse());
    expect(before['q shirt (word at a name word start)']!.ids).toEqual([productIds[0]]);
    expect(before['q the tag, company B']!.ids).toEqual([productIds[2], productIds[5]]);
    expect(before['pcode exact, company A']!.ids).toEqual([productIds[1]]);
    expect(before['price range within company A']!.ids).toEqual([productIds[1], productIds[3]]);
    expect(before['orders by e-mail']!.total).toBe(4);
    expect(before['orders by e-mail, company B']!.total).toBe(2);
    // Stock 0, 5, 10, 4, 9, 3 (no sort items: always sorted in memory).
    expect(before['company A by stock (in memory)']!.ids).toEqual([0, 3, 1, 4].map((i) => productIds[i]));
    expect(before['stock range']!.ids).toEqual([1, 3, 5].map((i) => productIds[i]));
    expect(before['orders by customer']!.total).toBe(4);
  });

  it('answers the same while some records are already in their partition shards and others not', async () => {
    // What a migration interrupted half-way (or a write of new code before it ran) leaves.
    await updateRecord(productsEntity, productIds[0]!, () => ({}));
    await updateRecord(productsEntity, productIds[3]!, () => ({}));
    expect((await getRecord(productsEntity, productIds[0]!))?.layout).toBe(LAYOUT_VERSION);
    expect(await answers()).toEqual(before);
  });

  it('runs, answers every list the same, and finds nothing to do the second time', async () => {
    const log: string[] = [];
    expect(await runMigrations({ recordsPerSecond: 1000, log: (line) => log.push(line) })).toEqual(
      expect.arrayContaining([
        'layout-2',
        'count-keys',
        'layout-3',
        'layout-4',
        'layout-5',
        'layout-6',
        'layout-7',
        'layout-8',
      ]),
    );
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    expect(await layoutReady()).toBe(true);
    expect(await answers()).toEqual(before);
    expect(await runMigrations({ recordsPerSecond: 1000, log: (line) => log.push(line) })).toEqual([]);
  });

  it('each old record now has the current layout, its company copies and their counts, and its code lookup', async () => {
    for (const id of productIds) expect((await getRecord(productsEntity, id))?.layout).toBe(LAYOUT_VERSION);
    expect(await countOf(entityKeys.scoped('product', companyA), 'category_tree', category)).toBe(4);
    expect(await countOf(entityKeys.scoped('product', companyB), 'category_tree', category)).toBe(2);
    // The e-mail index keeps no counts (`uncounted`): a list by e-mail counts its partition's items (a page of
    // one leaves more to count), the company's copy for a company.
    const byEmail = async (company?: number) =>
      (
        await listRecords(
          ordersEntity,
          {
            conditions: [
              { rule: { field: 'email_lc', op: 'eq' }, values: [`${tag}@example.com`] },
              ...(company === undefined
                ? []
                : [{ rule: { field: 'company_id', op: 'eq' as const }, values: [company] }]),
            ],
            sortBy: 'id',
            descending: false,
            page: 1,
            itemsPerPage: 1,
          },
          defaultTableContext(),
        )
      ).total;
    expect(await byEmail(companyB)).toBe(2);
    expect(await byEmail()).toBe(4);
    expect(await countOf('order', 'email_lc', `${tag}@example.com`)).toBe(0);
    expect(await productIdsWithCode(`${tag}-a-1`, companyA)).toEqual([productIds[1]]);
    expect(await productIdsWithCode(`${tag}-a-1`, companyB)).toEqual([]);
  });

  it('the items of products and orders moved into partition shards: none is left in a logical partition', async () => {
    const all = await holders(entityKeys.indexPartition('product', 'all', ''));
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((pk) => pk.includes('~'))).toBe(true);
    const shards = new Set(
      productIds.map((id) =>
        shardPk(entityKeys.sortPartition(entityKeys.scoped('product', companyA), 'price'), shardOfId(id)),
      ),
    );
    expect(
      (await holders(entityKeys.sortPartition(entityKeys.scoped('product', companyA), 'price'))).every((pk) =>
        shards.has(pk),
      ),
    ).toBe(true);
  });

  it('the counts a delete guard checks moved to their own items, the same values', async () => {
    const old = entityKeys.count('product', 'company_id', companyA);
    expect(await readItem(old)).toBeUndefined();
    expect(await readItem({ pk: `${old.pk}#${old.sk}`, sk: 'COUNT' })).toMatchObject({ count: 4 });
    expect(await countOf('product', 'company_id', companyA)).toBe(4);
    expect(await countOf('product', 'category_ids', category)).toBe(6);
  });
});

describe('a table on layout 2 (migrated before layout 3)', () => {
  const ids: number[] = [];
  let onLayout2: Record<string, number[]>;

  /** Company A's orders by customer name both ways: ids, then total_items. */
  async function customerAnswers() {
    const out: Record<string, number[]> = {};
    for (const descending of [false, true]) {
      const { records, total } = await listRecords(
        ordersEntity,
        {
          conditions: [eq('company_id', companyA)],
          sortBy: 'customer',
          descending,
          page: 1,
          itemsPerPage: 50,
        },
        defaultTableContext(),
      );
      out[String(descending)] = [...records.map((r) => Number(r.order_id)), total];
    }
    return out;
  }

  it('keeps sorting by customer in memory until layout 3 is complete, then reads its sort items, the same', async () => {
    await setLayoutMarker(2);
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: 'MIGRATION#layout-3', sk } }));
    for (const [i, lastname] of ['Moss', 'Abbott', 'Zane'].entries()) {
      const id = await nextId('order');
      ids.push(id);
      await writeOld(ordersEntity, {
        order_id: id,
        email_lc: `${tag}-l2@example.com`,
        user_id: 0,
        status: 'O',
        company_id: companyA,
        timestamp: 1_700_000_100 + i,
        total: '1.00',
        lastname,
        payment_id: 1,
        shipping_ids: [1],
        product_ids: [productIds[0]!],
        layout: 2,
        version: 1,
      });
    }
    expect(await tableLayout()).toBe(2);
    // Layout 2 has no customer sort items.
    expect(
      await readItem(entityKeys.sortItem('order', 'customer', encodeSortValue('Moss', false), ids[0]!)),
    ).toBeUndefined();
    onLayout2 = await customerAnswers();
    // Company A's orders of the first migration are named Young and Adams.
    const [young, adams] = before['orders of company A by date']!.ids.slice().sort((a, b) => a - b);
    expect(onLayout2.false).toEqual([ids[1], adams, ids[0], young, ids[2], 5]);
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toEqual(['layout-3']);
    // The marker says what layout 3's migration made true of every record; the orders it rewrote are on the current one.
    expect(await tableLayout()).toBe(3);
    for (const id of ids) expect((await getRecord(ordersEntity, id))?.layout).toBe(LAYOUT_VERSION);
    const customerItem = entityKeys.sortItem('order', 'customer', encodeSortValue('Moss', false), ids[0]!);
    expect(await readItem({ pk: shardPk(customerItem.pk, shardOfId(ids[0]!)), sk: customerItem.sk })).toMatchObject({
      id: ids[0],
    });
    expect(await customerAnswers()).toEqual(onLayout2);
  });
});
