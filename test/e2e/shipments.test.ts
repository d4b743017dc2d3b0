/**
 * Shipments (the recording's `shipments`) over real HTTP: required fields in the recorded order, the order
 * and shipping method as references, what is copied from them, what PUT may change, /orders/:id/shipments,
 * deleting an order deletes its shipments, 404s, 405s and privileges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createApiUser,
  created,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

let customerId: number;
let paymentId: number;
let shippingId: number;
let productId: number;

beforeAll(async () => {
  const companyId = await created(
    '/api/stores',
    { company: `Shop ${uid()}`, storefront: `${uid()}.example.com` },
    'store_id',
  );
  customerId = await createUser({ user_type: 'C', email: uniqueEmail('buyer') });
  paymentId = await created('/api/payments', { payment: `Pay ${uid()}` }, 'payment_id');
  shippingId = await created('/api/shippings', { shipping: `Ship ${uid()}`, base_rate: '5.00' }, 'shipping_id');
  productId = await created(
    '/api/products',
    { product: `Item ${uid()}`, price: '10.00', amount: 100, company_id: companyId },
    'product_id',
  );
});

const newOrder = (amount = 3) =>
  created(
    '/api/orders',
    {
      user_id: customerId,
      payment_id: paymentId,
      shipping_id: shippingId,
      products: { 1: { product_id: productId, amount } },
    },
    'order_id',
  );
const create = (body: object) => api('POST', '/api/shipments', { body });

describe('shipments', () => {
  it('POST: order_id, then shipping_id, then carrier or tracking_number', async () => {
    const orderId = await newOrder();
    const none = await create({ comments: 'x' });
    expectError(none, 400, 'Bad Request: The order_id field is required');
    expect(none.json.errors.map((e: { field: string }) => e.field)).toEqual(['order_id', 'shipping_id']);
    expectError(await create({ shipping_id: shippingId }), 400, 'Bad Request: The order_id field is required');
    expectError(await create({ order_id: orderId }), 400, 'Bad Request: The shipping_id field is required');
    expectError(
      await create({ order_id: orderId, shipping_id: shippingId }),
      400,
      'Bad Request: One of the following fields is required: carrier / tracking_number',
    );
  });

  it('the order and the shipping method must exist (400 naming the field)', async () => {
    const orderId = await newOrder();
    const noOrder = await create({ order_id: 999_999_999, shipping_id: shippingId, carrier: 'usps' });
    expectError(noOrder, 400);
    expect(noOrder.json.errors[0].field).toBe('order_id');
    const noShipping = await create({ order_id: orderId, shipping_id: 999_999_999, carrier: 'usps' });
    expectError(noShipping, 400);
    expect(noShipping.json.errors[0].field).toBe('shipping_id');
    const badItem = await create({ order_id: orderId, shipping_id: shippingId, carrier: 'usps', products: { 9: 1 } });
    expectError(badItem, 400);
    expect(badItem.json.errors[0].field).toBe('products');
    expectError(await create({ order_id: orderId, shipping_id: shippingId, carrier: 'usps', products: { 1: 4 } }), 400);
  });

  it('201 with an integer id; the recorded types, copied from the order and method; PUT; DELETE twice → 204, 404', async () => {
    const orderId = await newOrder(3);
    const response = await create({
      order_id: orderId,
      shipping_id: shippingId,
      tracking_number: 'ZZ-TRACK-1',
      carrier: 'usps',
      comments: 'ZZ api test',
      products: { 1: 2 },
    });
    expectStatus(response, 201);
    const id = response.json.shipment_id;
    expect(Number.isInteger(id)).toBe(true);
    const single = await api('GET', `/api/shipments/${id}`);
    expectStatus(single, 200);
    const order = (await api('GET', `/api/orders/${orderId}`)).json;
    expect(single.json).toMatchObject({
      shipment_id: String(id),
      comments: 'ZZ api test',
      status: 'P',
      order_id: String(orderId),
      order_timestamp: order.timestamp,
      s_firstname: order.s_firstname,
      s_lastname: order.s_lastname,
      firstname: order.firstname,
      lastname: order.lastname,
      company: order.company,
      user_id: String(customerId),
      shipping_id: String(shippingId),
      tracking_number: 'ZZ-TRACK-1',
      carrier: 'usps',
      products: { 1: '2' },
      group_key: 0,
      carrier_info: { name: 'usps', tracking_url: '' },
      one_full: false,
    });
    expect(single.json.shipping).toMatch(/^Ship /);
    expect(single.json.shipment_timestamp).toMatch(/^\d+$/);
    expect(single.json).not.toHaveProperty('timestamp');

    // Only tracking_number, status, comments and timestamp change; anything else is read-only.
    expectError(
      await api('PUT', `/api/shipments/${id}`, { body: { carrier: 'fedex' } }),
      400,
      'Bad Request: Missing parameters',
    );
    expectError(await api('PUT', `/api/shipments/${id}`, { body: { status: 'X' } }), 400);
    const updated = await api('PUT', `/api/shipments/${id}`, {
      body: { tracking_number: 'ZZ-TRACK-2', status: 'S', comments: 'upd', timestamp: 1795239407, order_id: 1 },
    });
    expectStatus(updated, 200);
    expect(updated.json).toEqual({ shipment_id: String(id) });
    expect((await api('GET', `/api/shipments/${id}`)).json).toMatchObject({
      tracking_number: 'ZZ-TRACK-2',
      status: 'S',
      comments: 'upd',
      shipment_timestamp: '1795239407',
      order_id: String(orderId),
      carrier: 'usps',
    });

    expectStatus(await api('DELETE', `/api/shipments/${id}`), 204);
    expectError(await api('DELETE', `/api/shipments/${id}`), 404);
    expectError(await api('GET', `/api/shipments/${id}`), 404);
    expectError(await api('PUT', `/api/shipments/${id}`, { body: { comments: 'x' } }), 404);
  });

  it('without products every line ships (one_full); /orders/:id/shipments and the order_id filter list them; an unknown order is a 404', async () => {
    const orderId = await newOrder(2);
    const a = (await create({ order_id: orderId, shipping_id: shippingId, carrier: 'ups' })).json.shipment_id;
    const b = (await create({ order_id: orderId, shipping_id: shippingId, tracking_number: 'T2' })).json.shipment_id;
    const first = (await api('GET', `/api/shipments/${a}`)).json;
    expect(first.products).toEqual({ 1: '2' });
    expect(first.one_full).toBe(true);
    const nested = await api('GET', `/api/orders/${orderId}/shipments`);
    expectStatus(nested, 200);
    expect(nested.json.shipments.map((row: { shipment_id: string }) => Number(row.shipment_id))).toEqual([a, b]);
    expect(nested.json.params.total_items).toBe(2);
    const filtered = await api('GET', `/api/shipments?order_id=${orderId}&items_per_page=1&page=2`);
    expect(filtered.json.shipments.map((row: { shipment_id: string }) => Number(row.shipment_id))).toEqual([b]);
    expect(filtered.json.search.total_items).toBe(2);
    expect((await api('GET', `/api/shipments?order_id=${orderId}&page=3&items_per_page=1`)).json.shipments).toEqual([]);
    expectError(await api('GET', '/api/orders/999999999/shipments'), 404);
    expectError(await api('GET', '/api/shipments?status=X'), 400);
  });

  it('deleting an order deletes its shipments (as CS-Cart); a shipping method with shipments cannot be deleted', async () => {
    const method = await created('/api/shippings', { shipping: `Ship ${uid()}` }, 'shipping_id');
    const orderId = await newOrder(1);
    const id = (await create({ order_id: orderId, shipping_id: method, carrier: 'dhl' })).json.shipment_id;
    expectError(await api('DELETE', `/api/shippings/${method}`), 400);
    expectStatus(await api('DELETE', `/api/orders/${orderId}`), 204);
    expectError(await api('GET', `/api/shipments/${id}`), 404);
    expect((await api('GET', `/api/shipments?order_id=${orderId}`)).json.shipments).toEqual([]);
    expectStatus(await api('DELETE', `/api/shippings/${method}`), 204);
  });

  it('405s; view_orders reads, edit_order writes; vendors 403', async () => {
    expectError(await api('POST', '/api/shipments/1', { body: { order_id: 1 } }), 405);
    expectError(await api('PUT', '/api/shipments', { body: { comments: 'x' } }), 405);
    expectError(await api('DELETE', '/api/shipments'), 405);
    expectError(await api('POST', '/api/orders/1/shipments', { body: { carrier: 'x' } }), 405);
    const viewer = await createAdmin(['view_orders']);
    expectStatus(await api('GET', '/api/shipments', { auth: viewer.auth }), 200);
    expectForbidden(await api('POST', '/api/shipments', { auth: viewer.auth, body: { order_id: 1 } }));
    const editor = await createAdmin(['edit_order']);
    expectForbidden(await api('GET', '/api/shipments', { auth: editor.auth }));
    expectError(await api('DELETE', '/api/shipments/999999999', { auth: editor.auth }), 404);
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', '/api/shipments', { auth: vendor.auth }));
  }, 180_000);
});
