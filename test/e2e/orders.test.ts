/**
 * Orders (SPEC §10) over real HTTP: computed totals, stock taken in the order's transaction, the
 * 50-orders race, status changes through statuses of type O with stock given back and taken again,
 * filters, and the recorded field types.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { productsEntity } from '../../lib/entities/products.js';
import {
  createApiUser,
  created,
  createUser,
  expectError,
  expectStatus,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const company = () =>
  created('/api/stores', { company: `Shop ${uid()}`, storefront: `${uid()}.example.com` }, 'store_id');
const product = (companyId: number, fields: object) =>
  created(
    '/api/products',
    { product: `Item ${uid()}`, price: '10.00', amount: 10, company_id: companyId, ...fields },
    'product_id',
  );
const stockOf = async (productId: number) => Number((await api('GET', `/api/products/${productId}`)).json.amount);

let companyId: number;
let customerId: number;
let paymentId: number;
let shippingId: number;

beforeAll(async () => {
  companyId = await company();
  customerId = await createUser({ user_type: 'C', email: uniqueEmail('buyer') });
  paymentId = await created(
    '/api/payments',
    { payment: `Pay ${uid()}`, a_surcharge: '1.000', p_surcharge: '2.500' },
    'payment_id',
  );
  shippingId = await created('/api/shippings', { shipping: `Ship ${uid()}`, base_rate: '7.50' }, 'shipping_id');
});

function order(lines: Record<string, { product_id: number; amount: number }>, extra: object = {}) {
  return api('POST', '/api/orders', {
    body: { user_id: customerId, payment_id: paymentId, shipping_id: shippingId, products: lines, ...extra },
  });
}

describe('POST /orders', () => {
  it('required fields in the recorded order, every missing one in errors', async () => {
    const response = await api('POST', '/api/orders', { body: { notes: 'x' } });
    expectError(response, 400, 'Bad Request: The user_id/user_data field is required');
    expect(response.json.errors.map((e: { field: string }) => e.field)).toEqual([
      'user_id',
      'payment_id',
      'products',
      'shipping_id',
    ]);
    const noShipping = await api('POST', '/api/orders', {
      body: { user_id: customerId, payment_id: paymentId, products: { 1: { product_id: 1, amount: 1 } } },
    });
    expectError(noShipping, 400, 'Bad Request: The shipping_id field is required');
  });

  it('201 {order_id, order_data}: prices from the products, decimal totals, shipping and surcharge from the methods', async () => {
    const a = await product(companyId, { price: '19.99', amount: 10 });
    const b = await product(companyId, { price: '0.10', amount: 100 });
    // A client's price is never trusted.
    const response = await order(
      { 1: { product_id: a, amount: 3 }, 2: { product_id: b, amount: 3 } },
      { total: '0.01', subtotal: 1 },
    );
    expectStatus(response, 201);
    expect(Number.isInteger(response.json.order_id)).toBe(true);
    const data = response.json.order_data;
    // 3 × 19.99 + 3 × 0.10 = 60.27 (0.1 × 3 is 0.30000000000000004 in binary floating point)
    expect(data.subtotal).toBe(60.27);
    expect(data.shipping_cost).toBe('7.50');
    // 1.000 + 2.5 % of 60.27 = 2.50675 → 2.51
    expect(data.payment_surcharge).toBe(2.51);
    expect(data.total).toBe('70.28');
    expect(data.status).toBe('O');
    expect(data.company_id).toBe(String(companyId));
    expect(Object.values(data.products).map((line: any) => [line.product_id, line.price, line.amount])).toEqual([
      [String(a), '19.99', '3'],
      [String(b), '0.10', '3'],
    ]);
    expect(await stockOf(a)).toBe(7);
    expect(await stockOf(b)).toBe(97);
  });

  it('the recorded JSON types of the single object and the list row', async () => {
    const id = (await order({ 1: { product_id: await product(companyId, {}), amount: 1 } })).json.order_id;
    const single = (await api('GET', `/api/orders/${id}`)).json;
    const types: Record<string, string> = {
      order_id: 'string',
      company_id: 'string',
      user_id: 'string',
      total: 'string',
      subtotal: 'number',
      discount: 'number',
      payment_surcharge: 'number',
      shipping_ids: 'string',
      shipping_cost: 'string',
      timestamp: 'string',
      status: 'string',
      email: 'string',
      payment_id: 'string',
      products: 'object',
      taxes: 'object',
      tax_subtotal: 'number',
      need_shipping: 'boolean',
      shipping: 'array',
      promotions: 'array',
      issuer_id: 'null',
      b_firstname: 'string',
      s_zipcode: 'string',
      payment_method: 'object',
      display_subtotal: 'number',
      points_info: 'object',
      profile_id: 'string',
      storefront_id: 'string',
    };
    const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    for (const [field, type] of Object.entries(types)) expect([field, typeOf(single[field])]).toEqual([field, type]);
    const row = (await api('GET', `/api/orders?user_id=${customerId}&items_per_page=250`)).json.orders.find(
      (o: any) => o.order_id === String(id),
    );
    expect(row).toBeDefined();
    for (const field of [
      'order_id',
      'is_parent_order',
      'parent_order_id',
      'company_id',
      'user_id',
      'total',
      'timestamp',
      'status',
      'firstname',
      'lastname',
      'company',
      'phone',
      'email',
      'storefront_id',
    ]) {
      expect([field, typeOf(row[field])]).toEqual([field, 'string']);
    }
    for (const field of ['issuer_id', 'issuer_name', 'issuer_email', 'invoice_id', 'credit_memo_id', 'points'])
      expect(row[field]).toBeNull();
    // The recording shows these five in the list row only.
    for (const field of ['issuer_name', 'issuer_email', 'invoice_id', 'credit_memo_id', 'points'])
      expect(single).not.toHaveProperty(field);
    expect(row).not.toHaveProperty('products');
  });

  it('more than the stock → 400 naming the product, nothing written', async () => {
    const scarce = await product(companyId, { amount: 2 });
    const plenty = await product(companyId, { amount: 5 });
    const before = (await api('GET', `/api/orders?user_id=${customerId}`)).json.params.total_items;
    const response = await order({ 1: { product_id: plenty, amount: 1 }, 2: { product_id: scarce, amount: 3 } });
    expectError(response, 400);
    expect(response.json.message).toContain(`product ${scarce}`);
    expect(await stockOf(scarce)).toBe(2);
    expect(await stockOf(plenty)).toBe(5);
    expect((await api('GET', `/api/orders?user_id=${customerId}`)).json.params.total_items).toBe(before);
  });

  it('unknown or disabled references → 400 naming the field', async () => {
    const item = await product(companyId, {});
    expectError(await order({ 1: { product_id: 99_999_999, amount: 1 } }), 400);
    expectError(
      await api('POST', '/api/orders', {
        body: {
          user_id: 99_999_999,
          payment_id: paymentId,
          shipping_id: shippingId,
          products: { 1: { product_id: item, amount: 1 } },
        },
      }),
      400,
      'Bad Request: The user_id field names a user that does not exist',
    );
    expectError(await order({ 1: { product_id: item, amount: 1 } }, { payment_id: 99_999_999 }), 400);
    expectError(await order({ 1: { product_id: item, amount: 1 } }, { shipping_id: 99_999_999 }), 400);
    expectError(await order({ 1: { product_id: item, amount: 0 } }), 400);
    const disabled = await product(companyId, { status: 'D' });
    expectError(await order({ 1: { product_id: disabled, amount: 1 } }), 400);
    expect(await stockOf(item)).toBe(10);
  });

  it('a guest order with user_data', async () => {
    const email = uniqueEmail('guest');
    const response = await api('POST', '/api/orders', {
      body: {
        user_data: { email, firstname: 'Gus', b_city: 'Boston' },
        payment_id: paymentId,
        shipping_id: shippingId,
        products: { 1: { product_id: await product(companyId, {}), amount: 1 } },
      },
    });
    expectStatus(response, 201);
    expect(response.json.order_data).toMatchObject({ user_id: '0', email, firstname: 'Gus', b_city: 'Boston' });
  });

  it('50 parallel orders for a product with amount 10: exactly 10 succeed, stock ends at 0', async () => {
    const racing = await product(companyId, { amount: 10 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => order({ 1: { product_id: racing, amount: 1 } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 201 && s !== 400),
      JSON.stringify(responses.find((r) => r.status !== 201 && r.status !== 400)?.body),
    ).toEqual([]);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(
        responses
          .filter((r) => r.status === 400)
          .map((r) => r.json.message)
          .slice(0, 3),
      ),
    ).toHaveLength(10);
    expect(await stockOf(racing)).toBe(0);
    const list = (await api('GET', `/api/orders?user_id=${customerId}&items_per_page=250`)).json;
    const ids = new Set(responses.filter((r) => r.status === 201).map((r) => String(r.json.order_id)));
    expect(list.orders.filter((o: any) => ids.has(o.order_id))).toHaveLength(10);
    // The 40 refused orders wrote their index items before their transaction and deleted them when it failed: the
    // customer's partition, counted key by key, holds an item for each order it shows and no more.
    expect(Number(list.params.total_items)).toBe(list.orders.length);
  });

  it('the same race on a product written before stock sort items (layout 4): the stock condition alone holds it', async () => {
    // Such a record's stock update carries no bucket range and no version (stock-items.ts `record('')`): only
    // `amount >= :taken` stops the 20 orders that all read 5 units from taking 20.
    const older = await product(companyId, { amount: 5 });
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: entityKeys.record(productsEntity.storage.name, older),
        UpdateExpression: 'SET #layout = :four',
        ExpressionAttributeNames: { '#layout': 'layout' },
        ExpressionAttributeValues: { ':four': 4 },
      }),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => order({ 1: { product_id: older, amount: 1 } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 400)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(await stockOf(older)).toBe(0);
  });
});

describe('PUT /orders/:id', () => {
  it('status must be an order status; cancelling gives the stock back, reopening takes it again', async () => {
    const item = await product(companyId, { amount: 4 });
    const id = (await order({ 1: { product_id: item, amount: 3 } })).json.order_id;
    expect(await stockOf(item)).toBe(1);
    expectError(await api('PUT', `/api/orders/${id}`, { body: { status: 'X' } }), 400);
    const cancelled = await api('PUT', `/api/orders/${id}`, { body: { status: 'I' } });
    expectStatus(cancelled, 200);
    expect(cancelled.json).toEqual({ order_id: String(id) });
    expect(await stockOf(item)).toBe(4);
    // Someone else buys 2 meanwhile: reopening needs 3, only 2 are left.
    expectStatus(await order({ 1: { product_id: item, amount: 2 } }), 201);
    expectError(await api('PUT', `/api/orders/${id}`, { body: { status: 'P' } }), 400);
    expect((await api('GET', `/api/orders/${id}`)).json.status).toBe('I');
    expect(await stockOf(item)).toBe(2);
  });

  it('a total cannot be changed; notes can; unknown order → 404', async () => {
    const id = (await order({ 1: { product_id: await product(companyId, {}), amount: 1 } })).json.order_id;
    const before = (await api('GET', `/api/orders/${id}`)).json.total;
    expectStatus(await api('PUT', `/api/orders/${id}`, { body: { notes: 'call first', total: '0.01' } }), 200);
    const after = (await api('GET', `/api/orders/${id}`)).json;
    expect(after.total).toBe(before);
    expect(after.notes).toBe('call first');
    expectError(await api('PUT', '/api/orders/99999999', { body: { status: 'P' } }), 404);
    expectError(await api('DELETE', '/api/orders/99999999'), 404);
  });
});

describe('GET /orders filters', () => {
  /** A one-line order of a new product of company `own` for customer `buyer`: its id. */
  const orderOf = async (buyer: number, own: number) =>
    created(
      '/api/orders',
      {
        user_id: buyer,
        payment_id: paymentId,
        shipping_id: shippingId,
        products: { 1: { product_id: await product(own, {}), amount: 1 } },
      },
      'order_id',
    );

  it('status, user_id, email (any case), company_id, period and time range', async () => {
    const own = await company();
    const email = uniqueEmail('filter');
    const buyer = await createUser({ user_type: 'C', email });
    const id = await orderOf(buyer, own);
    const ids = async (query: string) =>
      (await api('GET', `/api/orders?${query}`)).json.orders.map((o: any) => Number(o.order_id));
    expect(await ids(`user_id=${buyer}`)).toEqual([id]);
    expect(await ids(`email=${encodeURIComponent(email.toUpperCase())}`)).toEqual([id]);
    expect(await ids(`company_id=${own}`)).toEqual([id]);
    expect(await ids(`company_id=${own}&status=O&period=D`)).toEqual([id]);
    expect(await ids(`company_id=${own}&status=P`)).toEqual([]);
    expect(await ids(`company_id=${own}&period=LY`)).toEqual([]);
    const now = Math.floor(Date.now() / 1000);
    expect(await ids(`company_id=${own}&time_from=${now - 3600}&time_to=${now + 3600}`)).toEqual([id]);
    expectError(await api('GET', '/api/orders?period=Q'), 400);
    expectError(await api('GET', '/api/orders?time_from=yesterday'), 400);
  });

  it('a customer’s orders are counted exactly from their index items (no count item): paged, beside a status, after a delete', async () => {
    const own = await company();
    const email = uniqueEmail('counted');
    const buyer = await createUser({ user_type: 'C', email });
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) placed.push(await orderOf(buyer, own));
    expectStatus(await api('PUT', `/api/orders/${placed[1]}`, { body: { status: 'P' } }), 200);
    const listed = async (query: string) => {
      const { json } = await api('GET', `/api/orders?${query}`);
      return { ids: json.orders.map((o: any) => Number(o.order_id)), total: json.params.total_items };
    };
    const byEmail = `email=${encodeURIComponent(email)}`;
    expect(await listed(`user_id=${buyer}&items_per_page=1`)).toEqual({ ids: [placed[0]], total: 3 });
    expect(await listed(`${byEmail}&items_per_page=2&page=2`)).toEqual({ ids: [placed[2]], total: 3 });
    expect(await listed(`${byEmail}&items_per_page=10`)).toEqual({ ids: placed, total: 3 });
    expect(await listed(`user_id=${buyer}&status=P&items_per_page=1`)).toEqual({ ids: [placed[1]], total: 1 });
    // Sorted: the customer's orders read whole and sorted (newest first; equal times by id).
    const newest = await listed(`user_id=${buyer}&sort_by=date&sort_order=desc&items_per_page=2`);
    expect(newest.total).toBe(3);
    expect(newest.ids).toEqual([...placed].reverse().slice(0, 2));
    expect(await listed(`${byEmail}&sort_by=total&items_per_page=1&page=3`)).toMatchObject({ total: 3 });
    expect(await listed(`${byEmail}&company_id=${own}&items_per_page=1`)).toEqual({ ids: [placed[0]], total: 3 });
    expectStatus(await api('DELETE', `/api/orders/${placed[0]}`), 204);
    expect(await listed(`user_id=${buyer}&items_per_page=1`)).toEqual({ ids: [placed[1]], total: 2 });
    expect(await listed(`${byEmail}&items_per_page=10`)).toEqual({ ids: placed.slice(1), total: 2 });
  });

  it('a vendor sees and changes only its own company’s orders', async () => {
    const own = await company();
    const vendor = await createApiUser('V', ['--company', String(own)]);
    const mine = await created(
      '/api/orders',
      {
        user_id: customerId,
        payment_id: paymentId,
        shipping_id: shippingId,
        products: { 1: { product_id: await product(own, {}), amount: 1 } },
      },
      'order_id',
    );
    const theirs = (await order({ 1: { product_id: await product(companyId, {}), amount: 1 } })).json.order_id;
    const listed = (await api('GET', '/api/orders?items_per_page=250', { auth: vendor.auth })).json.orders.map(
      (o: any) => Number(o.order_id),
    );
    expect(listed).toEqual([mine]);
    expectStatus(await api('GET', `/api/orders/${mine}`, { auth: vendor.auth }), 200);
    expectError(await api('GET', `/api/orders/${theirs}`, { auth: vendor.auth }), 404);
    expectError(await api('PUT', `/api/orders/${theirs}`, { auth: vendor.auth, body: { status: 'P' } }), 404);
    expectError(await api('DELETE', `/api/orders/${theirs}`, { auth: vendor.auth }), 404);
    // Another company's product does not exist for the vendor.
    const foreign = await product(companyId, {});
    expectError(
      await api('POST', '/api/orders', {
        auth: vendor.auth,
        body: {
          user_id: customerId,
          payment_id: paymentId,
          shipping_id: shippingId,
          products: { 1: { product_id: foreign, amount: 1 } },
        },
      }),
      400,
    );
  });
});
