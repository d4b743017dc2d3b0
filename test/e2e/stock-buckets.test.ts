/**
 * The products' stock sort items (docs/data-model.md "Stock: bucketed sort items") stay true while orders move
 * the stock: after parallel orders inside one bucket and across buckets, and after cancelled orders give stock
 * back, each product has exactly one stock item, in the bucket of its stock, carrying its exact stock — and
 * `sort_by=amount` and `amount_from`/`amount_to` answer from those items in the exact order of the stock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { getRecord } from '../../lib/db/entity-store.js';
import { padId } from '../../lib/db/keys.js';
import { shardPks } from '../../lib/db/partition-shards.js';
import { queryAll } from '../../lib/db/query.js';
import { bucketOf } from '../../lib/db/sort-buckets.js';
import { productsEntity } from '../../lib/entities/products.js';
import { created, createUser, expectStatus, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';

let companyId: number;
let customerId: number;
let paymentId: number;
let shippingId: number;

beforeAll(async () => {
  companyId = await created(
    '/api/stores',
    { company: `Stock ${uid()}`, storefront: `${uid()}.example.com` },
    'store_id',
  );
  customerId = await createUser({ user_type: 'C', email: uniqueEmail('stock') });
  paymentId = await created('/api/payments', { payment: `Pay ${uid()}` }, 'payment_id');
  shippingId = await created('/api/shippings', { shipping: `Ship ${uid()}` }, 'shipping_id');
});

const product = (amount: number) =>
  created('/api/products', { product: `Stocked ${uid()}`, price: '3.00', amount, company_id: companyId }, 'product_id');
const order = (productId: number, amount: number) =>
  api('POST', '/api/orders', {
    body: {
      user_id: customerId,
      payment_id: paymentId,
      shipping_id: shippingId,
      products: { 1: { product_id: productId, amount } },
    },
  });

/** Every stock sort item of a product, wherever it is (all buckets, all partition shards). */
async function stockItems(productId: number): Promise<Array<{ sk: string; p_amount: number }>> {
  const pks = shardPks(entityKeys.sortPartition(productsEntity.storage.name, 'amount'));
  const found = await Promise.all(
    pks.map((pk) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': 'id' },
        ExpressionAttributeValues: { ':pk': pk, ':id': productId },
        ConsistentRead: true,
      }),
    ),
  );
  return found.flat().map((item) => ({ sk: String(item.sk), p_amount: Number(item.p_amount) }));
}

/** The product's one stock item is in its stock's bucket and carries its stock. */
async function expectTrueStockItem(productId: number): Promise<number> {
  const stock = Number((await getRecord(productsEntity, productId))!.amount);
  const items = await stockItems(productId);
  expect(items).toHaveLength(1);
  expect(items[0]!.p_amount).toBe(stock);
  expect(Number(items[0]!.sk.split('#')[0])).toBe(bucketOf(stock));
  expect(items[0]!.sk.endsWith(`#${padId(productId)}`)).toBe(true);
  return stock;
}

describe('stock sort items under orders', () => {
  it('parallel orders inside a bucket and across buckets leave one true item; cancelling moves it back', async () => {
    // 40 is in the bucket 40–47: the first orders stay in it, the ninth crosses into 32–39, later ones further.
    const item = await product(40);
    expect(await expectTrueStockItem(item)).toBe(40);
    const responses = await Promise.all(Array.from({ length: 14 }, () => order(item, 2)));
    expect(responses.map((r) => r.status)).toEqual(Array(14).fill(201));
    expect(await expectTrueStockItem(item)).toBe(12);

    // Cancelling gives the stock back (12 → 14 → 16: across the 8–15 / 16–23 edge).
    for (const response of responses.slice(0, 2)) {
      expectStatus(await api('PUT', `/api/orders/${response.json.order_id}`, { body: { status: 'I' } }), 200);
    }
    expect(await expectTrueStockItem(item)).toBe(16);

    // Down to nothing: bucket 0; one more is a 400 that changes nothing.
    expectStatus(await order(item, 16), 201);
    expect(await expectTrueStockItem(item)).toBe(0);
    expectStatus(await order(item, 1), 400);
    expect(await expectTrueStockItem(item)).toBe(0);

    // A PUT of the stock moves the item as any update does.
    expectStatus(await api('PUT', `/api/products/${item}`, { body: { amount: 1000 } }), 200);
    expect(await expectTrueStockItem(item)).toBe(1000);
  });

  it('sort_by=amount and stock ranges answer in the exact order of the stock, both ways, with exact totals', async () => {
    // Stocks that share buckets (8–15, 992–1,023) and differ inside them.
    const stocks = [9, 14, 8, 1000, 995, 0, 3, 1020, 14];
    const ids: number[] = [];
    for (const stock of stocks) ids.push(await product(stock));
    await order(ids[1]!, 1); // 14 → 13, inside its bucket
    await order(ids[3]!, 9); // 1,000 → 991, across into 960–991
    const now = [9, 13, 8, 991, 995, 0, 3, 1020, 14];
    const byStock = (descending: boolean) =>
      ids
        .map((id, i) => ({ id, stock: now[i]! }))
        .sort((a, b) => (a.stock - b.stock || a.id - b.id) * (descending ? -1 : 1))
        .map((p) => String(p.id));
    const list = async (query: string) => {
      const body = (await api('GET', `/api/products?pid=${ids.join(',')}&${query}`)).json;
      return {
        ids: body.products.map((p: { product_id: string }) => p.product_id),
        total: Number(body.params.total_items),
      };
    };
    expect((await list('sort_by=amount&items_per_page=50')).ids).toEqual(byStock(false));
    expect((await list('sort_by=amount&sort_order=desc&items_per_page=50')).ids).toEqual(byStock(true));
    // Page 2 of 3 by 3, descending: the exact order's slice.
    expect((await list('sort_by=amount&sort_order=desc&items_per_page=3&page=2')).ids).toEqual(
      byStock(true).slice(3, 6),
    );
    const ranged = await list('sort_by=amount&amount_from=9&amount_to=995&items_per_page=50');
    const inRange = byStock(false).filter((id) => {
      const stock = now[ids.indexOf(Number(id))]!;
      return stock >= 9 && stock <= 995;
    });
    expect(ranged).toEqual({ ids: inRange, total: inRange.length });
    const low = await list('amount_to=9&items_per_page=50');
    expect(low.total).toBe(4);
    expect([...low.ids].sort()).toEqual(
      ids
        .filter((_, i) => now[i]! <= 9)
        .map(String)
        .sort(),
    );
  });
});
