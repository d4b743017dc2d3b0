/**
 * Layout 7 (lib/db/migrations/layout-07.ts `layout-7`): an order's status and e-mail filters read the slice of the status
 * and e-mail sort items whose keys begin with the value, and orders lose their status and e-mail index items. Orders
 * written as layouts 5 and 6 on a table whose marker says 5, then: the same answers before the migration, halfway through it
 * (some orders rewritten, some not: both kinds of item read), after it, and a cursor taken before it continued after.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../lib/db/counters.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { type ListCondition, listRecords } from '../../lib/db/entity-list.js';
import { countOf, getRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { rewriteToCurrentLayout } from '../../lib/db/migrations/record-rewrite.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { shardOfId, shardPk } from '../../lib/db/partition-shards.js';
import { defaultTableContext, tableLayout } from '../../lib/db/table-context.js';
import { ordersEntity } from '../../lib/entities/orders.js';
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
onOwnTable('mig-order-slices');

/** Two customers whose addresses differ only by an accent: a sort key folds it, the filter must not. */
const EMAILS = [`${tag}-emile@example.com`, `${tag}-émile@example.com`];
const ORDERS = 8;

interface Order {
  id: number;
  status: string;
  email: string;
  company: number;
}
const orders: Order[] = [];

beforeAll(async () => {
  await setLayoutMarker(5);
  for (const id of ['layout-7', 'layout-8'])
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: `MIGRATION#${id}`, sk } }));
  await clearMigrationMarkersFrom(7);
  for (let i = 0; i < ORDERS; i++) {
    const order = {
      id: await nextId('order'),
      status: i % 3 === 0 ? 'P' : 'O',
      email: EMAILS[i % 2]!,
      company: i < ORDERS / 2 ? companyA : companyB,
    };
    orders.push(order);
    await writeOld(ordersEntity, {
      order_id: order.id,
      email_lc: order.email,
      user_id: 0,
      status: order.status,
      company_id: order.company,
      timestamp: 1_700_000_000 + i,
      total: '1.00',
      lastname: 'Slice',
      payment_id: 1,
      shipping_ids: [1],
      product_ids: [],
      // Every other order as layout 5 wrote it: its e-mail sort key not folded ("émile" as is), so only its index
      // items find the accented address until the order is migrated.
      layout: i % 2 === 1 ? 5 : 6,
      version: 1,
    });
  }
});

afterAll(restoreCurrentLayout);

/** Every question of this test: each status and e-mail, with a company (as a vendor or root asks) and together. */
function questions(): Array<{ name: string; conditions: ListCondition[]; expected: number[] }> {
  const out: Array<{ name: string; conditions: ListCondition[]; expected: number[] }> = [];
  const ids = (keep: (o: Order) => boolean) => orders.filter(keep).map((o) => o.id);
  for (const company of [companyA, companyB]) {
    for (const status of ['O', 'P'])
      out.push({
        name: `status ${status} of ${company}`,
        conditions: [eq('status', status), eq('company_id', company)],
        expected: ids((o) => o.status === status && o.company === company),
      });
    for (const email of EMAILS)
      out.push({
        name: `${email} of ${company}`,
        conditions: [eq('email_lc', email), eq('company_id', company)],
        expected: ids((o) => o.email === email && o.company === company),
      });
  }
  for (const email of EMAILS)
    out.push({
      name: `${email}, status O`,
      conditions: [eq('email_lc', email), eq('status', 'O')],
      expected: ids((o) => o.email === email && o.status === 'O'),
    });
  return out;
}

async function expectAnswers(): Promise<void> {
  for (const { name, conditions, expected } of questions()) {
    for (const descending of [false, true]) {
      const { records, total } = await listRecords(
        ordersEntity,
        {
          conditions,
          sortBy: 'id',
          descending,
          page: 1,
          itemsPerPage: 50,
        },
        defaultTableContext(),
      );
      const want = descending ? [...expected].reverse() : expected;
      expect(
        records.map((r) => Number(r.order_id)),
        `${name}${descending ? ', descending' : ''}`,
      ).toEqual(want);
      expect(total, name).toBe(expected.length);
    }
  }
}

const statusIndexItem = (order: Order) => {
  const key = entityKeys.indexItem('order', 'status', order.status, order.id);
  return readItem({ pk: shardPk(key.pk, shardOfId(order.id)), sk: key.sk });
};

const page = (conditions: ListCondition[], after?: string) =>
  listRecords(
    ordersEntity,
    { conditions, sortBy: 'id', descending: false, page: 1, itemsPerPage: 1, after },
    defaultTableContext(),
  );

describe('layout 7: order status and e-mail filters read their sort items', () => {
  let cursor: string;
  const walked = [eq('status', 'O'), eq('company_id', companyA)];

  it('before layout 7, the orders have status index items, and every answer is right', async () => {
    expect(await tableLayout()).toBe(5);
    for (const order of orders) expect(await statusIndexItem(order)).toMatchObject({ id: order.id });
    await expectAnswers();
    const first = await page(walked);
    cursor = first.nextKey!;
    expect(first.records.map((r) => Number(r.order_id))).toEqual([orders.find((o) => o.status === 'O')!.id]);
  });

  it('halfway through the migration (some orders rewritten, some not), every answer is right', async () => {
    for (const order of orders.slice(0, ORDERS / 2))
      expect(await rewriteToCurrentLayout(ordersEntity, order.id)).toBe(true);
    expect(await statusIndexItem(orders[0]!)).toBeUndefined();
    expect(await statusIndexItem(orders[ORDERS - 1]!)).toBeDefined();
    await expectAnswers();
  });

  it('after it: the marker says 7, no status index items, the counts unchanged, every answer right', async () => {
    const before = await countOf(entityKeys.scoped('order', companyA), 'status', 'O');
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toContain('layout-7');
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    for (const order of orders) {
      expect((await getRecord(ordersEntity, order.id))?.layout).toBe(LAYOUT_VERSION);
      expect(await statusIndexItem(order)).toBeUndefined();
    }
    expect(await countOf(entityKeys.scoped('order', companyA), 'status', 'O')).toBe(before);
    await expectAnswers();
  });

  it('a cursor of a page read before layout 7 continues on layout 7 where it left off', async () => {
    const rest = orders.filter((o) => o.status === 'O' && o.company === companyA).slice(1);
    const next = await page(walked, cursor);
    expect(next.records.map((r) => Number(r.order_id))).toEqual(rest.slice(0, 1).map((o) => o.id));
  });
});
