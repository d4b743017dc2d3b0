/**
 * Layout 6 (docs/data-model.md "Layout versions and migrations"): products and an order written by the layout-5
 * code — items in their partition shards, text sort keys as the text is, so "gam 100" sorted before "gam", and the
 * order's payment, shipping and product index items — on a table whose marker says 5; the `layout-6` migration
 * finds them in the shards of the `all` partition and rewrites them: the same list then puts each name before the
 * longer names it starts, and the order keeps its payment and shipping counts without their items. In-process,
 * on DynamoDB Local.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../lib/db/counters.js';
import { encodeSortValue, entityKeys } from '../../lib/db/entity-keys.js';
import { listRecords } from '../../lib/db/entity-list.js';
import { countOf, getRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { padId } from '../../lib/db/keys.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { shardOfId, shardPk } from '../../lib/db/partition-shards.js';
import { defaultTableContext, tableLayout } from '../../lib/db/table-context.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  clearMigrationMarkersFrom,
  companyA,
  eq,
  restoreCurrentLayout,
  send,
  table,
  tag,
  writeOld,
} from './layout-migration-fixtures.js';

// Its layout and migration markers are its own (./layout-migration-fixtures.ts onOwnTable).
onOwnTable('mig-text-sort');

// Each a start of the next but the last; a space, `!` and `#` sort below the `#` that ended the value in layout 5.
const NAMES = [`${tag} gam`, `${tag} gam 100`, `${tag} gam!`, `${tag} gam#2`, `${tag} gama`];
const ids: number[] = [];
let orderId: number;
const PAYMENT = companyA + 7;
/** The text item of the word "1" of "… gam 100" (code `<tag>-1`), in its shard: layout 6 leaves it to "100". */
const wordOneItem = () =>
  readItem({
    pk: shardPk(entityKeys.textPartition('product', 'product', '1'), shardOfId(ids[1]!)),
    sk: `1#${padId(ids[1]!)}`,
  });
/** The order's payment index item, in its shard, as layout 5 wrote it. */
const paymentItem = () => {
  const key = entityKeys.indexItem('order', 'payment_id', PAYMENT, orderId);
  return readItem({ pk: shardPk(key.pk, shardOfId(orderId)), sk: key.sk });
};

const byName = async (descending = false) =>
  (
    await listRecords(
      productsEntity,
      {
        conditions: [eq('company_id', companyA)],
        sortBy: 'product',
        descending,
        page: 1,
        itemsPerPage: 10,
      },
      defaultTableContext(),
    )
  ).records.map((record) => String(record.product));

beforeAll(async () => {
  await setLayoutMarker(5);
  // A table before layout 6 has run neither its migration nor any later one.
  for (const id of ['layout-6', 'layout-7', 'layout-8'])
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: `MIGRATION#${id}`, sk } }));
  await clearMigrationMarkersFrom(6);
  for (const [i, product] of NAMES.entries()) {
    const id = await nextId('product');
    ids.push(id);
    await writeOld(productsEntity, {
      product_id: id,
      product,
      product_code: `${tag}-${i}`,
      price: '10.00',
      status: 'A',
      company_id: companyA,
      free_shipping: 'N',
      is_edp: 'N',
      category_ids: [companyA],
      category_tree: [companyA],
      main_category: companyA,
      timestamp: 1_700_000_000 + i,
      updated_timestamp: 1_700_000_000 + i,
      amount: i,
      layout: 5,
      version: 1,
    });
  }
  orderId = await nextId('order');
  await writeOld(ordersEntity, {
    order_id: orderId,
    email_lc: `${tag}@example.com`,
    user_id: 0,
    status: 'O',
    company_id: companyA,
    timestamp: 1_700_000_000,
    total: '1.00',
    lastname: 'Gam 100',
    payment_id: PAYMENT,
    shipping_ids: [PAYMENT],
    product_ids: [ids[0]!],
    layout: 5,
    version: 1,
  });
});

afterAll(restoreCurrentLayout);

describe('layout 6: text sort keys, and order indexes kept for their counts only', () => {
  it('before the migration, the layout-5 keys order a name after the longer names it starts', async () => {
    expect(await tableLayout()).toBe(5);
    expect(await byName()).toEqual([NAMES[1], NAMES[2], NAMES[0], NAMES[3], NAMES[4]]);
  });

  it('before the migration, a word that starts another word of its product has its own text item', async () => {
    expect(await wordOneItem()).toMatchObject({ id: ids[1] });
  });

  it('before the migration, the order has its payment index item and the payment its count', async () => {
    expect(await paymentItem()).toMatchObject({ id: orderId });
    expect(await countOf('order', 'payment_id', PAYMENT)).toBe(1);
  });

  it('the migration finds the records in the partition shards and rewrites their text sort items', async () => {
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toContain('layout-6');
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    for (const id of ids) expect((await getRecord(productsEntity, id))?.layout).toBe(LAYOUT_VERSION);
    // The old key of "… gam 100" is gone from its shard, the new one is there.
    const sortItem = (layout: number) => {
      const key = entityKeys.sortItem('product', 'product', encodeSortValue(NAMES[1], false, layout), ids[1]!);
      return readItem({ pk: shardPk(key.pk, shardOfId(ids[1]!)), sk: key.sk });
    };
    expect(await sortItem(5)).toBeUndefined();
    expect(await sortItem(6)).toMatchObject({ id: ids[1] });
  });

  it('after it, the order has no payment, shipping or product item; the payment and shipping keep their counts', async () => {
    expect((await getRecord(ordersEntity, orderId))?.layout).toBe(LAYOUT_VERSION);
    expect(await paymentItem()).toBeUndefined();
    expect(await countOf('order', 'payment_id', PAYMENT)).toBe(1);
    expect(await countOf('order', 'shipping_ids', PAYMENT)).toBe(1);
  });

  it('after it, that word has no item of its own, and `q` still finds the product by it', async () => {
    expect(await wordOneItem()).toBeUndefined();
    const found = await listRecords(
      productsEntity,
      {
        conditions: [{ rule: productsEntity.storage.filterRules!.q!, values: [`${tag} 1`], match: 'all' }],
        sortBy: 'id',
        descending: false,
        page: 1,
        itemsPerPage: 10,
      },
      defaultTableContext(),
    );
    expect(found.records.map((record) => record.product_id)).toEqual([ids[1]]);
    expect(found.total).toBe(1);
  });

  it('after it, each name comes before the longer names it starts, both ways', async () => {
    expect(await byName()).toEqual(NAMES);
    expect(await byName(true)).toEqual([...NAMES].reverse());
  });
});
