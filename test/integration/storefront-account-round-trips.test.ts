/**
 * DynamoDB requests of the shopper's account (lib/operations/storefront-account/), counted on the client the handlers
 * use, in process: what a registration, a profile read and a wish list cost, and that a wish list's cost does not
 * grow with its products (one BatchGetItem reads them all). The counts include authentication's own reads, not the
 * rate limit's UpdateItem: whether a request sends one depends on the clock (an instance's lease of tokens holds for a
 * second, lib/db/rate-limit.ts), and on a loaded machine the wish list's second read came more than a second after
 * the first and counted one call more.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as productsCreate } from '../../functions/products/create.js';
import { handler as register } from '../../functions/sra_profile/create.js';
import { handler as profileGet } from '../../functions/sra_profile/list.js';
import { handler as profileFields } from '../../functions/sra_profile_fields/list.js';
import { handler as wishAdd } from '../../functions/sra_wish_list/create.js';
import { handler as wishList } from '../../functions/sra_wish_list/list.js';
import { handler as storesCreate } from '../../functions/stores/create.js';
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import { db } from '../../lib/db/client.js';
import type { LambdaHandler } from '../support/lambda-event.js';
import { event, invoke, isRateLimitTake, uniqueAddress, uniqueIp } from './hostile-support.js';

beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The calls this request's handler makes: only those sent from within its own async context. The worker runs file after
 * file in one process, and work another file left running (a write it did not wait for) would otherwise be counted too.
 */
async function counted(handler: unknown, request: ReturnType<typeof event>) {
  const client = db();
  const original = client.send.bind(client);
  const mine = new AsyncLocalStorage<true>();
  let calls = 0;
  const send = vi.spyOn(client, 'send').mockImplementation(((...args: Parameters<typeof client.send>) => {
    if (mine.getStore() && !isRateLimitTake(args[0])) calls++;
    return original(...args);
  }) as typeof client.send);
  try {
    const answer = await mine.run(true, () => invoke(handler as LambdaHandler, request));
    return { answer, calls };
  } finally {
    send.mockRestore();
  }
}

describe('round trips of the shopper account', () => {
  it('registration, the own profile, the form, and a wish list whose cost does not grow with its products', async () => {
    const key = await ensureStorefrontKey();
    const guest = { auth: null, headers: { 'Storefront-Api-Access-Key': key }, sourceIp: uniqueIp() };
    const signedUp = await counted(
      register,
      event('POST', '/api/4.0/sra_profile', {
        ...guest,
        body: { email: uniqueAddress('shopper'), password1: 'correct horse 42', password2: 'correct horse 42' },
      }),
    );
    expect(signedUp.answer.status, signedUp.answer.body).toBe(201);
    const customer = { auth: [signedUp.answer.json.auth.token as string, ''] as const, sourceIp: uniqueIp() };

    const form = await counted(profileFields, event('GET', '/api/4.0/sra_profile_fields', guest));
    expect(form.answer.status).toBe(200);
    const profile = await counted(profileGet, event('GET', '/api/4.0/sra_profile', customer));
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
    const one = await counted(wishList, event('GET', '/api/4.0/sra_wish_list', customer));
    expect(Object.keys(one.answer.json.products)).toHaveLength(1);
    expect((await add(productIds.slice(1))).status).toBe(201);
    const twenty = await counted(wishList, event('GET', '/api/4.0/sra_wish_list', customer));
    expect(Object.keys(twenty.answer.json.products)).toHaveLength(20);
    expect(twenty.calls).toBe(one.calls);
    console.info(
      `round trips: POST sra_profile ${signedUp.calls}, GET sra_profile_fields (guest) ${form.calls}, ` +
        `GET sra_profile (token) ${profile.calls}, GET sra_wish_list ${one.calls} (1 product) / ${twenty.calls} (20)`,
    );
  }, 120_000);
});
