/**
 * The storefront over real HTTP (CS-Cart's Storefront REST API): customer sign-in with POST /auth_tokens, the
 * token as `Basic base64(<token>:)`, the store's Storefront-Api-Access-Key, and the signed-in customer's own cart
 * at /api/4.0/sra_cart_content — priced from the products with decimal arithmetic, stock judged, one customer's
 * cart out of another's reach — and the carts it fills as the administration API reads them (/carts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCli,
  createApiUser,
  createCompany,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';

const PASSWORD = 'correct horse 42';

async function customer(companyId = 0, password = PASSWORD): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('shopper');
  const id = await createUser({
    user_type: 'C',
    email,
    firstname: 'Ada',
    lastname: 'Byron',
    phone: '+44 20 7946 0000',
    company_id: companyId,
    password,
  });
  return { id, email };
}

async function signIn(email: string, password = PASSWORD): Promise<Auth> {
  const response = await api('POST', '/api/auth_tokens', { auth: null, body: { email, password } });
  expectStatus(response, 201);
  expect(response.json.token).toMatch(/^[0-9a-f]{32}$/);
  expect(response.json.ttl).toBe(604800);
  return [response.json.token as string, ''];
}

async function product(companyId: number, fields: object = {}): Promise<number> {
  const response = await api('POST', '/api/products', {
    body: { product: `Tea ${uid()}`, price: '19.99', amount: 5, company_id: companyId, ...fields },
  });
  expectStatus(response, 201);
  return response.json.product_id as number;
}

const CART = '/api/4.0/sra_cart_content';
const cartOf = async (auth: Auth) => {
  const response = await api('GET', CART, { auth });
  expectStatus(response, 200);
  return response.json;
};

let companyId: number;
let ada: { id: number; email: string };
let adaAuth: Auth;

beforeAll(async () => {
  companyId = await createCompany();
  ada = await customer(companyId);
  adaAuth = await signIn(ada.email);
}, 120_000);

describe('POST /auth_tokens (sign-in)', () => {
  it('needs no Authorization; 400 naming the first missing field; 404 for wrong credentials; GET/PUT/DELETE 403', async () => {
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { password: 'x' } }),
      400,
      'Bad Request: The email field is required',
    );
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: '', password: '' } }),
      400,
      'Bad Request: The email field is required',
    );
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: ada.email } }),
      400,
      'Bad Request: The password field is required',
    );
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: ada.email, password: 'wrong password' } }),
      404,
    );
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: uniqueEmail('nobody'), password: PASSWORD } }),
      404,
    );
    expectForbidden(await api('GET', '/api/auth_tokens'));
    expectForbidden(await api('DELETE', '/api/auth_tokens/1'));
    // Any other path without Authorization is still a 401.
    expectUnauthorized(await api('GET', CART, { auth: null }));
  }, 60_000);

  it('sra_auth_tokens at every path form signs in; the token works in all three spellings CS-Cart accepts', async () => {
    const tokens: string[] = [];
    for (const path of [
      '/api/4.0/sra_auth_tokens/',
      '/api/4.0/sra_auth_tokens',
      '/api/2.0/sra_auth_tokens',
      '/api/sra_auth_tokens/',
      '/api/4.0/auth_tokens/',
      '/api.php?_d=4.0/sra_auth_tokens&ajax_custom=1',
    ]) {
      const response = await api('POST', path, { auth: null, body: { email: ada.email, password: PASSWORD } });
      expectStatus(response, 201);
      expect(response.json).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/), ttl: 604800 });
      tokens.push(response.json.token);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    expectError(
      await api('POST', '/api/4.0/sra_auth_tokens/', { auth: null, body: { email: ada.email } }),
      400,
      'Bad Request: The password field is required',
    );
    expectError(
      await api('POST', '/api/4.0/sra_auth_tokens', { auth: null, body: { email: ada.email, password: 'nope nope' } }),
      404,
    );
    const token = tokens[0]!;
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    for (const authorization of [`Basic ${b64(`${token}:`)}`, `Basic ${b64(token)}`, `Basic ${b64(token)}:`]) {
      const cart = await api('GET', '/api/4.0/sra_cart_content/', { auth: null, headers: { authorization } });
      expectStatus(cart, 200);
      expect(cart.json.user_id).toBe(ada.id);
    }
    // A wrong token in the lenient spellings is still a plain 401.
    expectUnauthorized(
      await api('GET', CART, { auth: null, headers: { authorization: `Basic ${b64('f'.repeat(32))}:` } }),
    );
  }, 90_000);

  it('a password is never shown; an administrator can set one with PUT /users; a bad one is a 400 and changes nothing', async () => {
    const user = await api('GET', `/api/users/${ada.id}`);
    expectStatus(user, 200);
    expect(user.json).not.toHaveProperty('password');
    expect(user.body).not.toContain(PASSWORD);
    expectError(await api('PUT', `/api/users/${ada.id}`, { body: { password: 'short' } }), 400);
    expectError(await api('PUT', `/api/users/${ada.id}`, { body: { password: 12345678901 } }), 400);
    expectStatus(await api('GET', CART, { auth: adaAuth }), 200);
  }, 60_000);

  it('10 failed sign-ins for an e-mail from one address → 429 with Retry-After, the right password too', async () => {
    const target = await customer();
    for (let i = 0; i < 10; i++)
      expectError(
        await api('POST', '/api/auth_tokens', {
          auth: null,
          body: { email: target.email, password: `guess number ${i}` },
        }),
        404,
      );
    const locked = await api('POST', '/api/auth_tokens', {
      auth: null,
      body: { email: target.email, password: PASSWORD },
    });
    expectError(locked, 429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
});

describe('what a customer token opens', () => {
  it('the storefront paths and GET /version only: the administration API is a 403', async () => {
    expectStatus(await api('GET', '/api/version', { auth: adaAuth }), 200);
    for (const [method, path] of [
      ['GET', '/api/products'],
      ['GET', '/api/carts'],
      ['GET', `/api/users/${ada.id}`],
      ['PUT', `/api/users/${ada.id}`],
      ['GET', `/api/stores/${companyId}/products`],
      ['POST', '/api/auth'],
    ] as const) {
      expectForbidden(
        await api(method, path, {
          auth: adaAuth,
          body: method === 'GET' ? undefined : { status: 'A', email: ada.email },
        }),
      );
    }
  }, 60_000);

  it('a guest with only the Storefront-Api-Access-Key: 403 on the cart; a wrong key is a 401', async () => {
    const printed = await adminCli(['storefront-key']);
    expect(printed.code, printed.stderr).toBe(0);
    const key = printed.stdout.trim().split('\n').pop()!;
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await adminCli(['storefront-key'])).stdout.trim().split('\n').pop()).toBe(key);
    const guest = { auth: null, headers: { 'Storefront-Api-Access-Key': key } } as const;
    expectForbidden(await api('GET', CART, guest));
    expectForbidden(await api('POST', CART, { ...guest, body: { products: { 1: { product_id: 1, amount: 1 } } } }));
    expectForbidden(await api('GET', '/api/products', guest));
    expectStatus(await api('GET', '/api/version', guest), 200);
    expectUnauthorized(await api('GET', CART, { auth: null, headers: { 'Storefront-Api-Access-Key': `${key}x` } }));
  }, 120_000);

  it('a new password or a disabled account ends the tokens', async () => {
    const bob = await customer();
    const first = await signIn(bob.email);
    expectStatus(await api('GET', CART, { auth: first }), 200);
    expectStatus(await api('PUT', `/api/users/${bob.id}`, { body: { password: 'another pass 77' } }), 200);
    expectUnauthorized(await api('GET', CART, { auth: first }));
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: bob.email, password: PASSWORD } }),
      404,
    );
    const second = await signIn(bob.email, 'another pass 77');
    expectStatus(await api('PUT', `/api/users/${bob.id}`, { body: { status: 'D' } }), 200);
    expectUnauthorized(await api('GET', CART, { auth: second }));
  }, 120_000);
});

describe('the storefront cart', () => {
  it('POST adds (201 cart_ids), the same item again adds to it, GET prices it with decimal arithmetic', async () => {
    const tea = await product(companyId, { price: '19.99', amount: 5 });
    const dime = await product(companyId, { price: '0.10', amount: 100 });
    const added = await api('POST', CART, {
      auth: adaAuth,
      body: { products: { 1: { product_id: tea, amount: 2 }, 2: { product_id: dime, amount: 3 } } },
    });
    expectStatus(added, 201);
    expect(added.json.message).toBe(false);
    const ids = Object.keys(added.json.cart_ids);
    expect(Object.values(added.json.cart_ids).sort()).toEqual([tea, dime].sort());
    const again = await api('POST', CART, { auth: adaAuth, body: { products: { x: { product_id: tea, amount: 1 } } } });
    expectStatus(again, 201);
    const teaItem = Object.keys(again.json.cart_ids)[0]!;
    expect(ids).toContain(teaItem);
    const cart = await cartOf(adaAuth);
    expect(cart.products[teaItem]).toMatchObject({ product_id: tea, amount: 3, price: 19.99, subtotal: 59.97 });
    // 3 × 19.99 + 3 × 0.10 = 60.27 (0.1 × 3 is 0.30000000000000004 in binary floating point)
    expect(cart.amount).toBe(6);
    expect(cart.subtotal).toBe(60.27);
    expect(cart.total).toBe(60.27);
    // The store's context path reaches the same cart.
    expect((await api('GET', `/api/4.0/stores/${companyId}/sra_cart_content`, { auth: adaAuth })).json.total).toBe(
      60.27,
    );
  }, 60_000);

  it('unknown or disabled products → 400 naming them; beyond the stock → 409; malformed bodies → 400; nothing changes', async () => {
    const before = await cartOf(adaAuth);
    const limited = await product(companyId, { amount: 2 });
    const disabled = await product(companyId, { status: 'D' });
    const unknown = await api('POST', CART, {
      auth: adaAuth,
      body: { products: { 1: { product_id: 999999999, amount: 1 } } },
    });
    expectError(unknown, 400);
    expect(unknown.json.message).toContain('999999999');
    expectError(
      await api('POST', CART, { auth: adaAuth, body: { products: { 1: { product_id: disabled, amount: 1 } } } }),
      400,
    );
    expectError(
      await api('POST', CART, { auth: adaAuth, body: { products: { 1: { product_id: limited, amount: 3 } } } }),
      409,
    );
    for (const body of [
      {},
      { products: {} },
      { products: 'tea' },
      { products: { 1: 'tea' } },
      { products: { 1: { product_id: limited, amount: -1 } } },
      { products: { 1: { product_id: limited, amount: 'many' } } },
      { products: { 1: { product_id: limited, amount: 1.5 } } },
      { products: { 1: { product_id: 'abc' } } },
      { products: { 1: { product_id: limited, product_options: 'red' } } },
      { products: { 1: { product_id: limited, product_options: { 999999: 1 } } } },
    ]) {
      expectError(await api('POST', CART, { auth: adaAuth, body }), 400);
    }
    expectError(
      await api('POST', CART, { auth: adaAuth, body: '{"products": {', contentType: 'application/json' }),
      400,
    );
    expect(await cartOf(adaAuth)).toEqual(before);
  }, 60_000);

  it('PUT sets amounts (0 removes), DELETE removes an item; unknown items are 404; another customer never reaches the cart', async () => {
    const cart = await cartOf(adaAuth);
    const [first, second] = Object.keys(cart.products);
    const other = await customer(companyId);
    const otherAuth = await signIn(other.email);
    expect((await cartOf(otherAuth)).products).toEqual({});
    expectError(await api('PUT', `${CART}/${first}`, { auth: otherAuth, body: { amount: 1 } }), 404);
    expectError(await api('DELETE', `${CART}/${first}`, { auth: otherAuth }), 404);
    expectStatus(await api('DELETE', CART, { auth: otherAuth }), 204);
    expect(Object.keys((await cartOf(adaAuth)).products)).toEqual(Object.keys(cart.products));

    const set = await api('PUT', `${CART}/${first}`, { auth: adaAuth, body: { amount: 1 } });
    expectStatus(set, 200);
    expect(set.json.cart_ids[first!]).toBe(cart.products[first!].product_id);
    expect((await cartOf(adaAuth)).products[first!].amount).toBe(1);
    expectError(await api('PUT', `${CART}/${first}`, { auth: adaAuth, body: { amount: 'x' } }), 400);
    expectError(await api('PUT', `${CART}/123`, { auth: adaAuth, body: { amount: 1 } }), 404);
    expectError(await api('PUT', `${CART}/abc`, { auth: adaAuth, body: { amount: 1 } }), 404);
    expectStatus(await api('PUT', CART, { auth: adaAuth, body: { products: { [second!]: { amount: 0 } } } }), 200);
    expect(Object.keys((await cartOf(adaAuth)).products)).toEqual([first]);
    expectError(await api('GET', `${CART}/${first}`, { auth: adaAuth }), 405);
    expectStatus(await api('DELETE', `${CART}/${first}`, { auth: adaAuth }), 204);
    expectError(await api('DELETE', `${CART}/${first}`, { auth: adaAuth }), 404);
    expect((await cartOf(adaAuth)).products).toEqual({});
  }, 60_000);

  it('vendors have no storefront cart (403)', async () => {
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', CART, { auth: vendor.auth }));
  }, 60_000);
});

describe('/carts shows what the storefront filled', () => {
  it('list row and single cart in the recorded types; DELETE empties it (204, then 404); vendors 403', async () => {
    const tea = await product(companyId, { price: '2.50', amount: 10 });
    expectStatus(
      await api('POST', `/api/4.0/stores/${companyId}/sra_cart_content`, {
        auth: adaAuth,
        body: { products: { 1: { product_id: tea, amount: 4 } } },
      }),
      201,
    );
    const list = await api('GET', `/api/carts?user_id=${ada.id}`);
    expectStatus(list, 200);
    expect(list.json.params.total_items).toBe(1);
    const row = list.json.carts[0];
    expect(row).toMatchObject({
      user_id: String(ada.id),
      firstname: 'Ada',
      lastname: 'Byron',
      company_id: String(companyId),
      cart_products: '4',
      total: '10.00',
      order_id: '0',
      storefront_id: '1',
      phone: '+44 20 7946 0000',
    });
    expect(typeof row.date).toBe('string');
    expect(typeof row.ip_address).toBe('string');
    expect(row.user_data).toMatchObject({ user_id: String(ada.id), email: ada.email });
    expect(row).not.toHaveProperty('products');
    expect(row).not.toHaveProperty('lines');
    const single = await api('GET', `/api/carts/${ada.id}`);
    expectStatus(single, 200);
    expect(single.json.products).toEqual([
      expect.objectContaining({
        item_type: 'P',
        product_id: String(tea),
        amount: '4',
        price: '2.50',
        variation_features: [],
      }),
    ]);
    expect((await api('GET', `/api/carts?total_from=10.01&user_id=${ada.id}`)).json.carts).toEqual([]);
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', `/api/carts/${ada.id}`, { auth: vendor.auth }));
    expectStatus(await api('DELETE', `/api/carts/${ada.id}`), 204);
    expectError(await api('DELETE', `/api/carts/${ada.id}`), 404);
    expectError(await api('GET', `/api/carts/${ada.id}`), 404);
    expect((await cartOf(adaAuth)).products).toEqual({});
  }, 60_000);
});
