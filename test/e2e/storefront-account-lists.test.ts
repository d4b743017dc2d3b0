/**
 * The shopper's lists over real HTTP (CS-Cart's storefront API, issue 37 item 3): the wish list (add, list, remove;
 * one customer's out of another's reach; hostile bodies change nothing), the unviewed notifications and a device's
 * push subscription. The profile: storefront-account-profile.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApiUser,
  createCompany,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  uid,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { guest, PUSH, product, readStorefrontKey, register, UNVIEWED, WISH } from './storefront-account-fixtures.js';

let companyId: number;

beforeAll(async () => {
  await readStorefrontKey();
  companyId = await createCompany();
}, 120_000);

describe('the wish list', () => {
  it('add, list, remove — each customer only their own; a product already there is a 409', async () => {
    const ada = await register();
    const bob = await register();
    const kettle = await product(companyId);
    const cup = await product(companyId, { price: '3.10' });
    const added = await api('POST', WISH, {
      auth: ada.auth,
      body: { products: { [kettle]: { product_id: kettle, amount: 1 }, [cup]: { amount: 1 } } },
    });
    expectStatus(added, 201);
    expect(added.json.message).toBe(false);
    expect(Object.values(added.json.cart_ids).sort()).toEqual([kettle, cup].sort());
    const kettleItem = Object.entries(added.json.cart_ids).find(([, id]) => id === kettle)![0];

    const listed = (await api('GET', WISH, { auth: ada.auth })).json;
    expect(Object.keys(listed)).toEqual(['products']);
    expect(listed.products[kettleItem]).toMatchObject({ product_id: kettle, price: 24.5, amount: 1 });
    expectError(
      await api('POST', WISH, { auth: ada.auth, body: { products: { 1: { product_id: kettle, amount: 1 } } } }),
      409,
    );
    expect(Object.keys((await api('GET', WISH, { auth: ada.auth })).json.products)).toHaveLength(2);

    // Bob sees his own (empty) list and cannot reach Ada's lines.
    expect((await api('GET', WISH, { auth: bob.auth })).json).toEqual({ products: {} });
    expectError(await api('DELETE', `${WISH}/${kettleItem}`, { auth: bob.auth }), 404);
    expect(Object.keys((await api('GET', WISH, { auth: ada.auth })).json.products)).toHaveLength(2);

    expectStatus(await api('DELETE', `${WISH}/${kettleItem}/`, { auth: ada.auth }), 204);
    expect(Object.keys((await api('GET', WISH, { auth: ada.auth })).json.products)).toHaveLength(1);
    expectError(await api('DELETE', `${WISH}/${kettleItem}`, { auth: ada.auth }), 404);
    expectStatus(await api('DELETE', WISH, { auth: ada.auth }), 204);
    expect((await api('GET', WISH, { auth: ada.auth })).json).toEqual({ products: {} });
  }, 60_000);

  it('unknown products, malformed lines and hostile bodies are 400s that change nothing; guests 403, vendors 403', async () => {
    const ada = await register();
    const kettle = await product(companyId);
    expectStatus(
      await api('POST', WISH, { auth: ada.auth, body: { products: { 1: { product_id: kettle, amount: 1 } } } }),
      201,
    );
    const before = (await api('GET', WISH, { auth: ada.auth })).json;
    for (const body of [
      { products: { 1: { product_id: 999999999, amount: 1 } } },
      { products: {} },
      { products: 'kettle' },
      { products: { 1: { product_id: kettle, amount: 1, product_options: 'x' } } },
      { products: { ['__proto__' as string]: { product_id: -1 } } },
      {},
    ]) {
      expectError(await api('POST', WISH, { auth: ada.auth, body }), 400);
    }
    expect((await api('GET', WISH, { auth: ada.auth })).json).toEqual(before);
    expectForbidden(await api('GET', WISH, guest()));
    expectForbidden(await api('POST', WISH, { ...guest(), body: { products: { 1: { product_id: kettle } } } }));
    const vendor = await createApiUser('V', ['--company', String(companyId)]);
    expectForbidden(await api('GET', WISH, { auth: vendor.auth }));
    expectUnauthorized(await api('GET', WISH, { auth: null }));
  }, 120_000);
});

describe('notifications', () => {
  it('the unviewed list (empty) and mark_as_viewed; a bad time is a 400, another id a 404; guests 403', async () => {
    const ada = await register();
    expect((await api('GET', UNVIEWED, { auth: ada.auth })).json).toEqual({
      notifications: [],
      params: { total_items: 0 },
    });
    const marked = await api('GET', `${UNVIEWED}/mark_as_viewed?time=${encodeURIComponent('2026-01-22 16:16:23')}`, {
      auth: ada.auth,
    });
    expectStatus(marked, 200);
    expect(marked.json).toEqual({ success: true });
    expectStatus(await api('GET', `${UNVIEWED}/mark_as_viewed/`, { auth: ada.auth }), 200);
    expectError(await api('GET', `${UNVIEWED}/mark_as_viewed?time=yesterday`, { auth: ada.auth }), 400);
    expectError(await api('GET', `${UNVIEWED}/mark_everything`, { auth: ada.auth }), 404);
    expectForbidden(await api('GET', UNVIEWED, guest()));
    expectForbidden(await api('GET', `${UNVIEWED}/mark_as_viewed`, guest()));
  }, 60_000);

  it('a device subscribes (guests too), again under the same id; only its owner removes it', async () => {
    const ada = await register();
    const bob = await register();
    const device = { device_id: `device-${uid()}`, platform: 'android', locale: 'en', token: `push-${uid()}` };
    const first = await api('POST', PUSH, { auth: ada.auth, body: device });
    expectStatus(first, 201);
    expect(Number.isInteger(first.json.id)).toBe(true);
    const again = await api('POST', PUSH, { auth: ada.auth, body: { ...device, token: ` renewed-${uid()} ` } });
    expectStatus(again, 201);
    expect(again.json.id).toBe(first.json.id);
    expectError(
      await api('POST', PUSH, { auth: ada.auth, body: { ...device, token: '   ' } }),
      400,
      'Bad Request: The token field is required',
    );
    expectError(await api('DELETE', `${PUSH}/${first.json.id}`, { auth: bob.auth }), 404);
    expectStatus(await api('DELETE', `${PUSH}/${first.json.id}`, { auth: ada.auth }), 204);
    expectError(await api('DELETE', `${PUSH}/${first.json.id}`, { auth: ada.auth }), 404);

    const guestDevice = { ...device, device_id: `guest-${uid()}` };
    expectStatus(await api('POST', PUSH, { ...guest(), body: guestDevice }), 201);
    expectForbidden(await api('DELETE', `${PUSH}/1`, guest()));
    expectError(await api('GET', PUSH, { auth: ada.auth }), 405);
  }, 60_000);
});
