/**
 * DynamoDB requests of the shopper's account (lib/operations/storefront-account/), counted on the client the handlers
 * use, in process: what a registration, a profile read and a wish list cost, and that a wish list's cost does not
 * grow with its products (one BatchGetItem reads them all). The counts include authentication's own reads, not the
 * rate limit's UpdateItem (roundTrips in hostile-support.ts says why).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as productsCreate } from '../../functions/products/create.js';
import { handler as register } from '../../functions/sra_profile/create.js';
import { handler as profileGet } from '../../functions/sra_profile/list.js';
import { handler as profileFields } from '../../functions/sra_profile_fields/list.js';
import { handler as wishAdd } from '../../functions/sra_wish_list/create.js';
import { handler as wishList } from '../../functions/sra_wish_list/list.js';
import { handler as storesCreate } from '../../functions/stores/create.js';
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import type { LambdaHandler } from '../support/lambda-event.js';
import { event, invoke, roundTrips, uniqueAddress, uniqueIp } from './hostile-support.js';

beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('round trips of the shopper account', () => {
  it('registration, the own profile, the form, and a wish list whose cost does not grow with its products', async () => {
    const key = await ensureStorefrontKey();
    const guest = { auth: null, headers: { 'Storefront-Api-Access-Key': key }, sourceIp: uniqueIp() };
    const signedUp = await roundTrips(
      register,
      event('POST', '/api/4.0/sra_profile', {
        ...guest,
        body: { email: uniqueAddress('shopper'), password1: 'correct horse 42', password2: 'correct horse 42' },
      }),
    );
    expect(signedUp.answer.status, signedUp.answer.body).toBe(201);
    const customer = { auth: [signedUp.answer.json.auth.token as string, ''] as const, sourceIp: uniqueIp() };

    const form = await roundTrips(profileFields, event('GET', '/api/4.0/sra_profile_fields', guest));
    expect(form.answer.status).toBe(200);
    const profile = await roundTrips(profileGet, event('GET', '/api/4.0/sra_profile', customer));
    expect(profile.answer.status).toBe(200);

    const store = await invoke(
      storesCreate as LambdaHandler,
      event('POST', '/api/stores', { body: { company: 'Wishes', storefront: 'wishes.example.com' } }),
    );
    expect(store.status, store.body).toBe(201);
    const productIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const made = await invoke(
        productsCreate as LambdaHandler,
        event('POST', '/api/products', {
          body: { product: `Wish ${i}`, price: '2.50', amount: 9, company_id: store.json.store_id },
        }),
      );
      expect(made.status, made.body).toBe(201);
      productIds.push(made.json.product_id as number);
    }
    const add = (ids: number[]) =>
      invoke(
        wishAdd as LambdaHandler,
        event('POST', '/api/4.0/sra_wish_list', {
          ...customer,
          body: { products: Object.fromEntries(ids.map((id) => [id, { product_id: id, amount: 1 }])) },
        }),
      );
    const first = await add(productIds.slice(0, 1));
    expect(first.status, first.body).toBe(201);
    const one = await roundTrips(wishList, event('GET', '/api/4.0/sra_wish_list', customer));
    expect(Object.keys(one.answer.json.products)).toHaveLength(1);
    expect((await add(productIds.slice(1))).status).toBe(201);
    const twenty = await roundTrips(wishList, event('GET', '/api/4.0/sra_wish_list', customer));
    expect(Object.keys(twenty.answer.json.products)).toHaveLength(20);
    expect(twenty.calls).toBe(one.calls);
    console.info(
      `round trips: POST sra_profile ${signedUp.calls}, GET sra_profile_fields (guest) ${form.calls}, ` +
        `GET sra_profile (token) ${profile.calls}, GET sra_wish_list ${one.calls} (1 product) / ${twenty.calls} (20)`,
    );
  }, 120_000);
});
