/**
 * Hostile bodies on every storefront write (issue 37 "How it will be checked"; SPEC §11): each write of the
 * storefront — sign-in, registration, the profile, the cart, the wish list, an order, a review, a device's push
 * subscription, a vendor's application — gets malformed JSON, bodies of the wrong JSON type, `__proto__` and
 * `constructor` keys, wrong types in every field it reads, deep nesting. Every answer is a clear 4xx
 * `{"message", "status"}` (or, for a body that asks nothing, a success that changes nothing), never a 5xx; and the
 * customer's cart, wish list, profile and orders, the store's users, reviews and companies are as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, expectStatus } from '../support/fixtures.js';
import { type ApiResponse, api } from '../support/http.js';
import { type Customer, type Guest, signedInCustomer, storefrontGuest } from '../support/shoppers.js';

const V4 = '/api/4.0';

let guest: Guest;
let shopper: Customer;
let productId: number;

/** Bodies a careless or hostile client sends: malformed, of the wrong JSON type, polluting, deep, mistyped. */
function hostileBodies(): Array<string | object> {
  let deep: object = { x: 1 };
  for (let i = 0; i < 200; i++) deep = { products: deep };
  const wrong = { $gt: 1 };
  return [
    '{',
    '[]',
    '"x"',
    '123',
    'null',
    '{"__proto__":{"polluted":1},"products":{"__proto__":{"product_id":1,"amount":1}}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    deep,
    { products: 'x' },
    { products: [1, 2] },
    { products: { 1: null } },
    { products: { 1: { product_id: wrong, amount: 1e308 } } },
    { products: { 1: { product_id: productId, amount: -1 } } },
    { products: { 1: { product_id: productId, amount: 'lots' } } },
    { products: { 1: { product_id: productId, amount: 1, product_options: { 1: wrong } } } },
    { email: ['a@b.c'], password: {}, password1: 1, password2: [] },
    { email: 'not an e-mail', password1: 'x', password2: 'y' },
    { user_data: 'x' },
    { user_data: { email: wrong, b_firstname: ['x'] } },
    { payment_id: [], shipping_ids: 'x' },
    { payment_id: '999999999', shipping_ids: { 0: wrong } },
    { object_type: 'Z', object_id: -1, name: {}, message: [] },
    { thread_id: 'x', name: 'x', message: 'x', rating_value: 99 },
    { company: ['x'], email: 12 },
    { device_id: {}, token: [], platform: 1 },
  ];
}

/** Every storefront write, with who sends it. */
function writes(): Array<{ method: string; path: string; as: 'guest' | 'customer' | 'nobody' }> {
  return [
    { method: 'POST', path: `${V4}/sra_auth_tokens`, as: 'nobody' },
    { method: 'POST', path: `${V4}/sra_profile`, as: 'guest' },
    { method: 'PUT', path: `${V4}/sra_profile`, as: 'customer' },
    { method: 'POST', path: `${V4}/sra_cart_content`, as: 'customer' },
    { method: 'PUT', path: `${V4}/sra_cart_content`, as: 'customer' },
    { method: 'POST', path: `${V4}/sra_wish_list`, as: 'customer' },
    { method: 'POST', path: `${V4}/sra_orders`, as: 'customer' },
    { method: 'POST', path: `${V4}/sra_discussion`, as: 'guest' },
    { method: 'POST', path: `${V4}/sra_discussion`, as: 'customer' },
    { method: 'POST', path: `${V4}/sra_notifications`, as: 'customer' },
    { method: 'POST', path: `${V4}/vendor_registration`, as: 'guest' },
  ];
}

const options = (as: 'guest' | 'customer' | 'nobody') =>
  as === 'guest' ? guest : as === 'customer' ? { auth: shopper.auth } : { auth: null };

/** What the hostile requests must leave as it was. */
async function state() {
  const mine = { auth: shopper.auth };
  const [cart, wish, profile, orders, users, reviews, stores] = await Promise.all([
    api('GET', `${V4}/sra_cart_content`, mine),
    api('GET', `${V4}/sra_wish_list`, mine),
    api('GET', `${V4}/sra_profile`, mine),
    api('GET', `${V4}/sra_orders`, mine),
    api('GET', '/api/users?items_per_page=1'),
    api('GET', '/api/discussions?items_per_page=1'),
    api('GET', '/api/stores?items_per_page=1'),
  ]);
  for (const response of [cart, wish, profile, orders, users, reviews, stores]) expectStatus(response, 200);
  return {
    cart: cart.json.products,
    cartAmount: cart.json.amount,
    wish: wish.json,
    profile: profile.json,
    orders: orders.json.params?.total_items ?? orders.json,
    users: users.json.params.total_items,
    reviews: reviews.json.params.total_items,
    stores: stores.json.params.total_items,
  };
}

function expectClear(response: ApiResponse, what: string) {
  expect(response.status, `${what}: ${response.status} ${response.body}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.json, what).toMatchObject({ status: response.status });
    expect(typeof response.json?.message, what).toBe('string');
  }
}

beforeAll(async () => {
  guest = await storefrontGuest();
  shopper = await signedInCustomer();
  const company = await createCompany();
  const made = await api('POST', '/api/products', {
    body: { product: 'Hostile kettle', price: '9.99', amount: 5, company_id: company },
  });
  expectStatus(made, 201);
  productId = Number(made.json.product_id);
  // Something in the cart and the wish list, so "unchanged" means more than "still empty".
  const line = { products: { 1: { product_id: productId, amount: 2 } } };
  expectStatus(await api('POST', `${V4}/sra_cart_content`, { auth: shopper.auth, body: line }), 201);
  expectStatus(await api('POST', `${V4}/sra_wish_list`, { auth: shopper.auth, body: line }), 201);
}, 120_000);

describe('hostile bodies on every storefront write', () => {
  it('a clear 4xx (never a 5xx), and nothing changed', async () => {
    const before = await state();
    expect(before.cartAmount).toBe(2);
    let refused = 0;
    for (const { method, path, as } of writes()) {
      for (const body of hostileBodies()) {
        const response = await api(method, path, { ...options(as), body });
        const what = `${method} ${path} as ${as} with ${typeof body === 'string' ? body : JSON.stringify(body).slice(0, 80)}`;
        expectClear(response, what);
        if (response.status >= 400) refused++;
      }
    }
    // Nearly all of them are refused; none of them changed anything.
    expect(refused).toBeGreaterThan(writes().length * hostileBodies().length * 0.9);
    expect(await state()).toEqual(before);
  }, 300_000);
});
