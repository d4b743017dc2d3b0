/**
 * The storefront's checkout over real HTTP (CS-Cart's Storefront REST API, SPEC §10 "Storefront" and §11
 * "Checkout"): the cart's rules for lines that ask for nothing, its `user_data` and shipping quote
 * (`calculate_shipping`, product groups per store), and `/sra_orders` — an order placed from the cart through the
 * orders' own path (priced as POST /orders prices one, stock taken atomically: racing customers for the last units
 * get exactly as many orders as units), one order per store under a parent, the customer's own orders only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApiUser,
  createCompany,
  expectError,
  expectForbidden,
  expectStatus,
  inBatches,
  uid,
} from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';
import { signedInCustomer, storefrontGuest } from '../support/shoppers.js';

const CART = '/api/4.0/sra_cart_content';
const ORDERS = '/api/4.0/sra_orders';

/** A customer with a password, signed in (test/support/shoppers.ts). */
const customer = () => signedInCustomer({ firstname: 'Grace', lastname: 'Hopper' });

async function created(path: string, key: string, body: object): Promise<number> {
  const response = await api('POST', path, { body });
  expectStatus(response, 201);
  return Number(response.json[key]);
}

const product = (companyId: number, fields: object = {}) =>
  created('/api/products', 'product_id', {
    product: `Kettle ${uid()}`,
    price: '12.50',
    amount: 10,
    company_id: companyId,
    ...fields,
  });

const stockOf = async (productId: number) => Number((await api('GET', `/api/products/${productId}`)).json.amount);

const cartOf = async (auth: Auth, query = '') => {
  const response = await api('GET', `${CART}${query}`, { auth });
  expectStatus(response, 200);
  return response.json;
};

const addToCart = (auth: Auth, productId: number, amount: number) =>
  api('POST', CART, { auth, body: { products: { 1: { product_id: productId, amount } } } });

let storeA: number;
let storeB: number;
let shipA: number;
let shipB: number;
let offline: number;
let online: number;

beforeAll(async () => {
  // One after the other: store A's id is the lower, so its product group comes first.
  storeA = await createCompany();
  storeB = await createCompany();
  [shipA, shipB, offline, online] = await Promise.all([
    created('/api/shippings', 'shipping_id', { shipping: `Courier ${uid()}`, company_id: storeA, base_rate: '4.95' }),
    created('/api/shippings', 'shipping_id', { shipping: `Post ${uid()}`, company_id: storeB, base_rate: '2.10' }),
    created('/api/payments', 'payment_id', { payment: `Cash ${uid()}`, a_surcharge: '0.00' }),
    created('/api/payments', 'payment_id', { payment: `Card ${uid()}`, processor_id: 7 }),
  ]);
}, 120_000);

describe('the cart: lines that ask for nothing, cart_products', () => {
  it('an amount absent, null, empty or 0 and a __proto__ key add nothing; a POST adding nothing is a 400, cart unchanged', async () => {
    const shopper = await customer();
    const kettle = await product(storeA);
    expectStatus(await addToCart(shopper.auth, kettle, 2), 201);
    const before = await cartOf(shopper.auth);
    for (const text of [
      `{"products": {"1": {"product_id": ${kettle}}}}`,
      `{"products": {"1": {"product_id": ${kettle}, "amount": null}}}`,
      `{"products": {"1": {"product_id": ${kettle}, "amount": ""}}}`,
      `{"products": {"1": {"product_id": ${kettle}, "amount": 0}}}`,
      `{"products": {"__proto__": {"product_id": ${kettle}, "amount": 1}}}`,
      `{"products": {"constructor": {"product_id": ${kettle}, "amount": 1}}}`,
    ]) {
      const refused = await api('POST', CART, { auth: shopper.auth, body: text, contentType: 'application/json' });
      expectError(refused, 400);
      expect(refused.json.errors[0].field).toBe('products');
    }
    expect(await cartOf(shopper.auth)).toEqual(before);
    // A line without an amount beside one with it: only the second is added.
    const other = await product(storeA);
    const mixed = await api('POST', CART, {
      auth: shopper.auth,
      body: { products: { 1: { product_id: kettle }, 2: { product_id: other, amount: 1 } } },
    });
    expectStatus(mixed, 201);
    expect(Object.values(mixed.json.cart_ids)).toEqual([other]);
    const row = (await api('GET', `/api/carts?user_id=${shopper.id}`)).json.carts[0];
    expect(row.cart_products).toBe('3');
  }, 60_000);
});

describe('checkout: cart → shipping rates → order → my orders', () => {
  it('the quote is what the order charges; the order is the administration’s, the cart empties, the stock goes', async () => {
    const shopper = await customer();
    const kettle = await product(storeA, { price: '12.50', amount: 10 });
    expectStatus(await addToCart(shopper.auth, kettle, 2), 201);
    const profile = { b_address: '1 Navy Way', b_city: 'Arlington', s_address: '1 Navy Way', s_city: 'Arlington' };
    expectStatus(await api('PUT', CART, { auth: shopper.auth, body: { user_data: profile } }), 200);
    expect((await cartOf(shopper.auth)).user_data).toMatchObject(profile);

    const quoted = await cartOf(shopper.auth, `?calculate_shipping=A&shipping_ids[0]=${shipA}`);
    expect(quoted.product_groups).toHaveLength(1);
    const [group] = quoted.product_groups;
    expect(group.company_id).toBe(storeA);
    expect(Object.keys(group.products)).toHaveLength(1);
    expect(group.shippings[String(shipA)]).toMatchObject({ shipping_id: String(shipA), rate: 4.95 });
    expect(group.shippings).not.toHaveProperty(String(shipB));
    expect(group.chosen_shippings[0].shipping_id).toBe(String(shipA));
    expect(quoted).toMatchObject({ subtotal: 25, shipping_cost: 4.95, tax_subtotal: 0, total: 29.95 });
    expect(quoted.chosen_shipping).toEqual({ 0: shipA });
    // A method of another store is no choice for this group.
    expectError(await api('GET', `${CART}?calculate_shipping=A&shipping_ids[0]=${shipB}`, { auth: shopper.auth }), 400);

    const placed = await api('POST', ORDERS, {
      auth: shopper.auth,
      body: { payment_id: String(offline), shipping_id: { 0: shipA }, notes: 'Leave at the door' },
    });
    expectStatus(placed, 201);
    const orderId = placed.json.order_id as number;
    expect(Number.isInteger(orderId)).toBe(true);
    // CS-Cart Multi-Vendor's answer names the store orders under a parent: none for one store's products.
    expect(placed.json.suborder_ids).toEqual([]);
    expect((await cartOf(shopper.auth)).products).toEqual({});
    expect(await stockOf(kettle)).toBe(8);

    const admin = await api('GET', `/api/orders/${orderId}`);
    expectStatus(admin, 200);
    expect(admin.json).toMatchObject({
      user_id: String(shopper.id),
      company_id: String(storeA),
      total: '29.95',
      shipping_cost: '4.95',
      payment_id: String(offline),
      b_address: '1 Navy Way',
      s_city: 'Arlington',
      email: shopper.email,
      is_parent_order: 'N',
      notes: 'Leave at the door',
    });

    const mine = await api('GET', ORDERS, { auth: shopper.auth });
    expectStatus(mine, 200);
    expect(mine.json.orders.map((order: { order_id: string }) => order.order_id)).toEqual([String(orderId)]);
    expect(mine.json.orders[0].status_data).toMatchObject({ status: 'O', type: 'O' });
    expect(mine.json.params.total_items).toBe(1);
    const one = await api('GET', `${ORDERS}/${orderId}`, { auth: shopper.auth });
    expectStatus(one, 200);
    expect(one.json).toMatchObject({ order_id: String(orderId), total: '29.95', status_data: { status: 'O' } });
  }, 90_000);

  it('the body’s products are ordered instead of the cart’s, and only they leave the cart', async () => {
    const shopper = await customer();
    const [kettle, mug] = await Promise.all([product(storeA), product(storeA, { price: '3.00' })]);
    expectStatus(await addToCart(shopper.auth, kettle, 3), 201);
    expectStatus(await addToCart(shopper.auth, mug, 1), 201);
    const firstMethod = (await cartOf(shopper.auth, '?calculate_shipping=A')).chosen_shipping['0'] as number;
    const placed = await api('POST', ORDERS, {
      auth: shopper.auth,
      body: { payment_id: offline, products: { 1: { product_id: kettle, amount: 2 } } },
    });
    expectStatus(placed, 201);
    const left = Object.values((await cartOf(shopper.auth)).products) as Array<{ product_id: number; amount: number }>;
    // The two products are created at once, so either may have the lower id: compare as sets.
    const byId = (a: number[], b: number[]) => a[0]! - b[0]!;
    expect(left.map((line) => [Number(line.product_id), line.amount]).sort(byId)).toEqual(
      [
        [kettle, 1],
        [mug, 1],
      ].sort(byId),
    );
    expect((await api('GET', `/api/carts/${shopper.id}`)).json).toMatchObject({ cart_products: '2', total: '15.50' });
    // No shipping chosen: the store's first method; the order's lines are the products sent.
    const admin = (await api('GET', `/api/orders/${placed.json.order_id}`)).json;
    expect(admin.subtotal).toBe(25);
    expect(admin.shipping_ids).toBe(String(firstMethod));
    expect(Object.values(admin.products).map((line) => (line as { amount: string }).amount)).toEqual(['2']);
  }, 90_000);
});

describe('a cart of several stores', () => {
  it('one order per store under a parent order; the parent lists its children', async () => {
    const shopper = await customer();
    const [kettle, lamp] = await Promise.all([
      product(storeA, { price: '12.50' }),
      product(storeB, { price: '7.25', amount: 3 }),
    ]);
    expectStatus(await addToCart(shopper.auth, kettle, 1), 201);
    expectStatus(await addToCart(shopper.auth, lamp, 2), 201);
    const quoted = await cartOf(
      shopper.auth,
      `?calculate_shipping=A&shipping_ids[0]=${shipA}&shipping_ids[1]=${shipB}`,
    );
    expect(quoted.product_groups.map((group: { company_id: number }) => group.company_id)).toEqual([storeA, storeB]);
    expect(quoted.shipping_cost).toBe(7.05);

    const placed = await api('POST', ORDERS, {
      auth: shopper.auth,
      body: { payment_id: String(offline), shipping_ids: { 0: shipA, 1: shipB } },
    });
    expectStatus(placed, 201);
    const parentId = placed.json.order_id as number;
    const suborderIds = placed.json.suborder_ids as number[];
    expect(suborderIds).toHaveLength(2);
    const parent = await api('GET', `${ORDERS}/${parentId}?get_children_orders_data=1`, { auth: shopper.auth });
    expectStatus(parent, 200);
    expect(parent.json).toMatchObject({ is_parent_order: 'Y', total: '34.05' });
    const children = parent.json.orders as Array<Record<string, unknown>>;
    expect(children.map((child) => [child.company_id, child.total, child.parent_order_id])).toEqual([
      [String(storeA), '17.45', String(parentId)],
      [String(storeB), '16.60', String(parentId)],
    ]);
    expect(children.map((child) => Number(child.order_id))).toEqual(suborderIds);
    expect(children[0]!.status_data).toMatchObject({ status: 'O' });
    for (const child of children) {
      const admin = await api('GET', `/api/orders/${child.order_id}`);
      expect(admin.json).toMatchObject({ user_id: String(shopper.id), is_parent_order: 'N' });
    }
    expect(await stockOf(lamp)).toBe(1);
    expect((await cartOf(shopper.auth)).products).toEqual({});

    // CS-Cart's fn_get_orders never lists a parent order (`is_parent_order != 'Y'`): the customer's own list and the
    // administration's show the stores' orders, counted without the parent; the parent is still read by its id.
    const mine = await api('GET', ORDERS, { auth: shopper.auth });
    expect(mine.json.orders.map((order: { order_id: string }) => Number(order.order_id)).sort()).toEqual(
      [...suborderIds].sort(),
    );
    expect(mine.json.params.total_items).toBe(2);
    for (const query of [`user_id=${shopper.id}`, `email=${encodeURIComponent(shopper.email)}`, 'sort_by=date']) {
      const listed = await api('GET', `/api/orders?${query}&items_per_page=250`);
      expectStatus(listed, 200);
      const ids = listed.json.orders.map((order: { order_id: string }) => Number(order.order_id));
      expect(ids).not.toContain(parentId);
      if (!query.startsWith('sort_by')) expect(listed.json.params.total_items).toBe(2);
    }
    const byCompany = await api('GET', `/api/orders?company_id=0`);
    expect(byCompany.json.orders.map((order: { order_id: string }) => Number(order.order_id))).not.toContain(parentId);
    const adminParent = await api('GET', `/api/orders/${parentId}`);
    expectStatus(adminParent, 200);
    expect(adminParent.json).toMatchObject({ is_parent_order: 'Y', total: '34.05', user_id: String(shopper.id) });
  }, 90_000);
});

describe('racing for the last units', () => {
  it('20 customers for the last 5 units: exactly 5 orders, the others a 409, the stock 0', async () => {
    const kettle = await product(storeA, { amount: 5 });
    // Customers made two at a time (a password's slow hash is the costly part), then the orders all at once.
    const shoppers = await inBatches(20, 2, () => customer());
    for (const shopper of shoppers) expectStatus(await addToCart(shopper.auth, kettle, 1), 201);
    const answers = await Promise.all(
      shoppers.map((shopper) =>
        api('POST', ORDERS, { auth: shopper.auth, body: { payment_id: offline, shipping_ids: [shipA] } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await stockOf(kettle)).toBe(0);
    const placed = answers.filter((answer) => answer.status === 201).map((answer) => answer.json.order_id as number);
    expect(new Set(placed).size).toBe(5);
    for (const orderId of placed) {
      const order = (await api('GET', `/api/orders/${orderId}`)).json;
      expect(Object.values(order.products).map((line) => (line as { product_id: string }).product_id)).toEqual([
        String(kettle),
      ]);
    }
  }, 400_000);
});

describe('who reaches what', () => {
  it("another customer's order is a 404; a guest and a vendor are 403", async () => {
    const [owner, stranger] = await Promise.all([customer(), customer()]);
    const kettle = await product(storeA);
    expectStatus(await addToCart(owner.auth, kettle, 1), 201);
    const placed = await api('POST', ORDERS, { auth: owner.auth, body: { payment_id: offline } });
    expectStatus(placed, 201);
    expectError(await api('GET', `${ORDERS}/${placed.json.order_id}`, { auth: stranger.auth }), 404);
    expectError(await api('GET', `${ORDERS}/999999999`, { auth: owner.auth }), 404);
    expect((await api('GET', ORDERS, { auth: stranger.auth })).json.orders).toEqual([]);
    expect((await api('GET', `${ORDERS}?user_id=${owner.id}`, { auth: stranger.auth })).json.orders).toEqual([]);

    const guest = await storefrontGuest();
    expectForbidden(await api('GET', ORDERS, guest));
    expectForbidden(await api('POST', ORDERS, { ...guest, body: { payment_id: offline } }));
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', ORDERS, { auth: vendor.auth }));
  }, 90_000);
});

describe('refused checkouts change nothing', () => {
  it('an online processor, unknown methods, hostile bodies and an empty cart: 4xx, cart and stock as they were', async () => {
    const shopper = await customer();
    const kettle = await product(storeA, { amount: 4 });
    expectStatus(await addToCart(shopper.auth, kettle, 2), 201);
    const before = await cartOf(shopper.auth);
    const field = async (body: unknown, status = 400) => {
      const answer = await api('POST', ORDERS, { auth: shopper.auth, body: body as object });
      expectError(answer, status);
      return answer.json.errors?.[0]?.field as string | undefined;
    };
    expect(await field({ payment_id: online })).toBe('payment_id');
    expect(await field({ shipping_ids: [shipA] })).toBe('payment_id');
    expect(await field({ payment_id: 'cash' })).toBe('payment_id');
    expect(await field({ payment_id: 999999999 })).toBe('payment_id');
    expect(await field({ payment_id: offline, shipping_ids: { 0: shipB } })).toBe('shipping_ids');
    expect(await field({ payment_id: offline, shipping_ids: { x: 'y' } })).toBe('shipping_ids');
    expect(await field({ payment_id: offline, shipping_id: [[1]] })).toBe('shipping_ids');
    expect(await field({ payment_id: offline, products: 'all' })).toBe('products');
    expect(await field({ payment_id: offline, products: { 1: { product_id: 999999999, amount: 1 } } })).toBe(
      'products',
    );
    expect(await field({ payment_id: offline, user_data: 'street' })).toBe('user_data');
    await field({ payment_id: offline, products: { 1: { product_id: kettle, amount: 5 } } }, 409);
    expectError(await api('PUT', CART, { auth: shopper.auth, body: { user_data: 'street' } }), 400);
    expect(await cartOf(shopper.auth)).toEqual(before);
    expect(await stockOf(kettle)).toBe(4);

    const empty = await customer();
    const refused = await api('POST', ORDERS, { auth: empty.auth, body: { payment_id: offline } });
    expectError(refused, 400);
    expect(refused.json.errors[0].field).toBe('products');
    expectError(await api('PUT', CART, { auth: empty.auth, body: { user_data: { b_city: 'Oslo' } } }), 400);
  }, 90_000);
});
