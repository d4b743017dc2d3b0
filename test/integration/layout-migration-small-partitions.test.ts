/**
 * Layout 8 (lib/db/migrations/layout-08.ts `layout-8`): the index items of a small partition (`unshardedSince`: a
 * customer's orders, a variation group's products) move from the partition shards back into their logical
 * partition, so a lookup is one Query instead of one per shard. Orders and products written as layout 7 on a table
 * whose marker says 7, then: the same answers before the migration, halfway through it (some records moved, some
 * not: the logical partition and the shards read side by side), after it, and only the logical partition read then.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../lib/db/counters.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { type ListCondition, listRecords } from '../../lib/db/entity-list.js';
import { getRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { indexRange } from '../../lib/db/list-plan.js';
import { layout5 } from '../../lib/db/migrations/layout-05.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { rewriteToCurrentLayout } from '../../lib/db/migrations/record-rewrite.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { shardOfId, shardPk } from '../../lib/db/partition-shards.js';
import { partitionsOf } from '../../lib/db/sharded-query.js';
import { defaultTableContext, tableLayout } from '../../lib/db/table-context.js';
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
  writeOld,
} from './layout-migration-fixtures.js';

// Its layout and migration markers are its own (./layout-migration-fixtures.ts onOwnTable).
onOwnTable('mig-small-partitions');

const CUSTOMER = companyA + 7;
const GROUP = companyA + 9;
const orders: Array<{ id: number; company: number }> = [];
const products: number[] = [];

beforeAll(async () => {
  await setLayoutMarker(7);
  for (const sk of ['DONE', 'PROGRESS'])
    await send(new DeleteCommand({ TableName: table(), Key: { pk: 'MIGRATION#layout-8', sk } }));
  await clearMigrationMarkersFrom(8);
  for (let i = 0; i < 6; i++) {
    const order = { id: await nextId('order'), company: i % 2 === 0 ? companyA : companyB };
    orders.push(order);
    await writeOld(ordersEntity, {
      order_id: order.id,
      user_id: CUSTOMER,
      email_lc: `small-${CUSTOMER}@example.com`,
      status: 'O',
      company_id: order.company,
      timestamp: 1_700_000_000 + i,
      total: '1.00',
      payment_id: 1,
      shipping_ids: [1],
      product_ids: [],
      layout: 7,
      version: 1,
    });
  }
  for (let i = 0; i < 4; i++) {
    const id = await nextId('product');
    products.push(id);
    await writeOld(productsEntity, {
      product_id: id,
      product: `Small partition ${i}`,
      status: 'A',
      company_id: companyA,
      variation_group_id: GROUP,
      layout: 7,
      version: 1,
    });
  }
});

afterAll(restoreCurrentLayout);

const list = async (def: StoredEntityDefinition, conditions: ListCondition[]) => {
  const { records, total } = await listRecords(
    def,
    {
      conditions,
      sortBy: 'id',
      descending: false,
      page: 1,
      itemsPerPage: 50,
    },
    defaultTableContext(),
  );
  return { ids: records.map((r) => Number(r[def.schema.idField])), total };
};

async function expectAnswers(): Promise<void> {
  const all = orders.map((o) => o.id);
  expect(await list(ordersEntity, [eq('user_id', CUSTOMER)])).toEqual({ ids: all, total: all.length });
  // As a vendor asks: its company's orders of the customer.
  const ofA = orders.filter((o) => o.company === companyA).map((o) => o.id);
  expect(await list(ordersEntity, [eq('user_id', CUSTOMER), eq('company_id', companyA)])).toEqual({
    ids: ofA,
    total: ofA.length,
  });
  expect(await list(productsEntity, [eq('variation_group_id', GROUP)])).toEqual({
    ids: products,
    total: products.length,
  });
}

/** Where an order's customer index item is: in the logical partition, in its shard, or both. */
async function whereIs(id: number): Promise<string[]> {
  const key = entityKeys.indexItem('order', 'user_id', CUSTOMER, id);
  const logical = await readItem(key);
  const sharded = await readItem({ pk: shardPk(key.pk, shardOfId(id)), sk: key.sk });
  return [...(logical ? ['logical'] : []), ...(sharded ? ['shard'] : [])];
}

const customerRange = () => indexRange(ordersEntity, 'order', 'user_id', String(CUSTOMER));

describe("layout 8: a customer's orders and a variation group's products leave the partition shards", () => {
  it('before layout 8, the items are in the shards, and every answer is right', async () => {
    expect(await tableLayout()).toBe(7);
    for (const order of orders) expect(await whereIs(order.id)).toEqual(['shard']);
    expect(await partitionsOf(ordersEntity, customerRange())).toHaveLength(9);
    await expectAnswers();
  });

  it('halfway through the migration (some records moved, some not), every answer is right', async () => {
    for (const order of orders.slice(0, 3)) expect(await rewriteToCurrentLayout(ordersEntity, order.id)).toBe(true);
    for (const id of products.slice(0, 2)) expect(await rewriteToCurrentLayout(productsEntity, id)).toBe(true);
    expect(await whereIs(orders[0]!.id)).toEqual(['logical']);
    expect(await whereIs(orders[5]!.id)).toEqual(['shard']);
    await expectAnswers();
  });

  it('after it: the marker says 8, every item in its logical partition, one partition read, every answer right', async () => {
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toContain('layout-8');
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    for (const order of orders) {
      expect((await getRecord(ordersEntity, order.id))?.layout).toBe(LAYOUT_VERSION);
      expect(await whereIs(order.id)).toEqual(['logical']);
    }
    expect(await partitionsOf(ordersEntity, customerRange())).toEqual([customerRange().pk]);
    await expectAnswers();
  });

  it('an older layout migration run again afterwards leaves the marker where it is (it only ever raises it)', async () => {
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: `MIGRATION#${layout5.id}`, sk } }));
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined }, [layout5])).toEqual([layout5.id]);
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
  });
});
