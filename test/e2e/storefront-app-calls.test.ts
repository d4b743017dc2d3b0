/**
 * The calls a shopper's app makes, replayed as the public clients send them (SPEC §4, §11). No CS-Cart storefront
 * SDK is published on the npm registry (`npm view cscart-sdk`: 404; its source, LFFATE/cscart-sdk-js, says
 * `npm i cscart-sdk`), so this suite sends what that SDK and CS-Cart's mobile app send, byte for byte where it
 * matters: `Authorization: Basic <base64(token)>:` (the colon outside the base64), `Storefront-Api-Access-Key` and
 * `Cache-Control: no-cache` on every call, paths with a trailing slash, `language`/`sl`/`lang_code` on every GET, query
 * objects in PHP's bracket form (`selected_options[12]=34`), `items_per_page=500`, a repeated parameter, the cart
 * keyed by product id, the wish list with `amount: 1`, the order's products keyed by cart id with `shipping_ids` as a
 * list — and the mobile app's `shipping_id` `{"0": N}` with `payment_id` as a string.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, expectStatus, uid } from '../support/fixtures.js';
import { type ApiResponse, api } from '../support/http.js';
import { type Customer, type Guest, signedInCustomer, storefrontGuest } from '../support/shoppers.js';

const API = '/api/4.0/';
/** What the SDK adds to every GET (its `setParams`): the language three ways. */
const LANGUAGE = 'language=en&sl=en&lang_code=en';

let guest: Guest;
let shopper: Customer;
let storeId: number;
let categoryId: number;
let productId: number;
let shippingId: number;
let paymentId: number;
let word: string;

/** The SDK's headers: its key and no-cache always, the token as `Basic <base64(token)>:` once signed in. */
function sdkHeaders(token?: string): Record<string, string> {
  return {
    ...guest.headers,
    'Cache-Control': 'no-cache',
    ...(token ? { Authorization: `Basic ${Buffer.from(token).toString('base64')}:` } : {}),
  };
}

/** One SDK call: `path` under /api/4.0/, as the signed-in shopper (or a guest with `token` null). */
function call(method: string, path: string, body?: object, token: string | null = shopper.auth![0]) {
  return api(method, `${API}${path}`, { auth: null, headers: sdkHeaders(token ?? undefined), body });
}

const created = async (path: string, key: string, body: object): Promise<number> => {
  const response = await api('POST', path, { body });
  expectStatus(response, 201);
  return Number(response.json[key]);
};

const ids = (response: ApiResponse, key: string, field: string) =>
  (response.json[key] as Array<Record<string, unknown>>).map((row) => Number(row[field]));

beforeAll(async () => {
  guest = await storefrontGuest();
  word = `app${uid()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}`;
  storeId = await createCompany();
  categoryId = await created('/api/categories', 'category_id', { category: `Teas ${word}`, company_id: storeId });
  [productId, shippingId, paymentId] = await Promise.all([
    created('/api/products', 'product_id', {
      product: `Sencha ${word}`,
      price: '12.50',
      amount: 20,
      company_id: storeId,
      category_ids: [categoryId],
    }),
    created('/api/shippings', 'shipping_id', { shipping: `Courier ${uid()}`, company_id: storeId, base_rate: '4.95' }),
    created('/api/payments', 'payment_id', { payment: `Cash ${uid()}` }),
  ]);
  shopper = await signedInCustomer({ firstname: 'Grace', lastname: 'Hopper' });
}, 120_000);

describe("the SDK's sign-in", () => {
  it('auth.login posts to auth_tokens/ (and the mobile app to sra_auth_tokens/); the token opens the cart', async () => {
    for (const path of ['auth_tokens/', 'sra_auth_tokens/']) {
      const login = await call('POST', path, { email: shopper.email, password: 'correct horse 42' }, null);
      expectStatus(login, 201);
      expect(login.json.ttl).toBe(604800);
      expectStatus(await call('GET', `sra_cart_content/?${LANGUAGE}`, undefined, login.json.token as string), 200);
    }
  }, 60_000);
});

describe("the SDK's catalogue, as a guest", () => {
  it('products (search, category with filters, one), categories with subcategories, vendors, pages', async () => {
    const search = await call(
      'GET',
      `sra_products/?items_per_page=500&page=1&q=${word}&sort_by=product&sort_order=asc&${LANGUAGE}`,
      undefined,
      null,
    );
    expectStatus(search, 200);
    expect(ids(search, 'products', 'product_id')).toEqual([productId]);
    expect(Number(search.json.params.items_per_page)).toBe(250);

    const inCategory = await call(
      'GET',
      `sra_products/?filter=Y&cid=${categoryId}&get_filters=true&${LANGUAGE}`,
      undefined,
      null,
    );
    expectStatus(inCategory, 200);
    expect(ids(inCategory, 'products', 'product_id')).toEqual([productId]);
    expect(inCategory.json.filters.find((filter: { field_type: string }) => filter.field_type === 'P')).toMatchObject({
      min: '12.50',
      max: '12.50',
    });
    // The mobile app: the category's nested path, a repeated parameter (the last wins), 500 per page.
    const nested = await call(
      'GET',
      `categories/${categoryId}/sra_products/?items_per_page=500&page=9&page=1&company_ids=${storeId}`,
      undefined,
      null,
    );
    expectStatus(nested, 200);
    expect(ids(nested, 'products', 'product_id')).toEqual([productId]);

    const one = await call('GET', `sra_products/${productId}/?${LANGUAGE}`, undefined, null);
    expectStatus(one, 200);
    expect(Number(one.json.product_id)).toBe(productId);
    expect(one.json.price).toBe('12.50');

    const category = await call(
      'GET',
      `sra_categories/${categoryId}/?get_subcategories=Y&subcategories=Y&${LANGUAGE}`,
      undefined,
      null,
    );
    expectStatus(category, 200);
    expect(Number(category.json.category_id)).toBe(categoryId);
    for (const path of [`sra_vendors/?${LANGUAGE}`, `sra_pages/?${LANGUAGE}`, `sra_storefront/?${LANGUAGE}`])
      expectStatus(await call('GET', path, undefined, null), 200);
  }, 90_000);
});

describe("the SDK's account, cart and checkout, signed in", () => {
  it('profile form and update, wish list, cart add and shipping, order create, my orders', async () => {
    const form = await call('GET', `sra_profile_fields/?location=profile&action=add&${LANGUAGE}`);
    expectStatus(form, 200);
    expectStatus(await call('PUT', 'sra_profile/1', { firstname: 'Ada' }), 200);
    expect((await call('GET', `sra_profile/?${LANGUAGE}`)).json).toMatchObject({ firstname: 'Ada' });

    // wishlist.add: keyed by product id, `amount: 1` always ("api bug - Do not remove" in the SDK).
    expectStatus(
      await call('POST', 'sra_wish_list/', { products: { [productId]: { product_id: productId, amount: 1 } } }),
      201,
    );
    const wished = await call('GET', `sra_wish_list/?${LANGUAGE}`);
    expectStatus(wished, 200);
    expect(JSON.stringify(wished.json)).toContain(`Sencha ${word}`);

    // cart.add: keyed by product id, with an empty options list.
    const added = await call('POST', 'sra_cart_content/', {
      products: { [productId]: { product_id: productId, amount: 2, product_options: [] } },
    });
    expectStatus(added, 201);
    const cartId = Object.keys(added.json.cart_ids)[0]!;
    const quoted = await call('GET', `sra_cart_content/?calculate_shipping=A&${LANGUAGE}`);
    expectStatus(quoted, 200);
    expect(quoted.json.product_groups).toHaveLength(1);
    expect(quoted.json.product_groups[0].shippings).toHaveProperty(String(shippingId));
    expect(quoted.json.subtotal).toBe(25);

    // orders.create: products keyed by cart id, shipping_ids a list, payment_info's keys snake-cased.
    const order = await call('POST', 'sra_orders/', {
      products: { [cartId]: { product_id: productId, amount: 2, cart_id: cartId } },
      shipping_ids: [shippingId],
      payment_id: paymentId,
      payment_info: {},
    });
    expectStatus(order, 201);
    const orderId = order.json.order_id as number;
    const mine = await call('GET', `sra_orders/?get_orders_data=true&get_children_orders_data=true&${LANGUAGE}`);
    expectStatus(mine, 200);
    expect(ids(mine, 'orders', 'order_id')).toEqual([orderId]);
    const one = await call('GET', `sra_orders/${orderId}/?get_orders_data=true&${LANGUAGE}`);
    expect(one.json).toMatchObject({ order_id: String(orderId), total: '29.95', status_data: { status: 'O' } });

    // The mobile app: `shipping_id` keyed by product group, `payment_id` a string, the cart's lines.
    expectStatus(
      await call('POST', 'sra_cart_content/', { products: { [productId]: { product_id: productId, amount: 1 } } }),
      201,
    );
    const fromApp = await call('POST', 'sra_orders/', {
      shipping_id: { 0: shippingId },
      payment_id: String(paymentId),
    });
    expectStatus(fromApp, 201);
    expect(ids(await call('GET', 'sra_orders/'), 'orders', 'order_id').sort()).toEqual(
      [orderId, fromApp.json.order_id as number].sort(),
    );
    expect(Number((await api('GET', `/api/products/${productId}`)).json.amount)).toBe(17);
  }, 120_000);
});
