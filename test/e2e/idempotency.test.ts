/**
 * Idempotency-Key on POST and PUT (docs/architecture.md, "Retries and idempotency"), over real HTTP: a retried order is
 * created once and takes stock once, racing requests with one key do the work once, another body is 422,
 * keys are per API user and stored with a TTL, and malformed keys are 400.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { claimKey, releaseKey } from '../../lib/db/idempotency.js';
import { keys } from '../../lib/db/keys.js';
import { fingerprintOf } from '../../lib/stack/dispatch/idempotency.js';
import { type ApiUser, created, createRoot, createUser, expectError, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { testStore } from '../support/store.js';

const stockOf = async (productId: number) => Number((await api('GET', `/api/products/${productId}`)).json.amount);
const ordersOf = async (userId: number) => (await api('GET', `/api/orders?user_id=${userId}&items_per_page=100`)).json;

let companyId: number;
let paymentId: number;
let shippingId: number;

beforeAll(async () => {
  companyId = await created(
    '/api/stores',
    { company: `Shop ${uid()}`, storefront: `${uid()}.example.com` },
    'store_id',
  );
  paymentId = await created('/api/payments', { payment: `Pay ${uid()}` }, 'payment_id');
  shippingId = await created('/api/shippings', { shipping: `Ship ${uid()}`, base_rate: '1.00' }, 'shipping_id');
});

async function orderWorld(stock = 10) {
  const customerId = await createUser({ user_type: 'C', email: uniqueEmail('idem') });
  const productId = await created(
    '/api/products',
    { product: `Item ${uid()}`, price: '5.00', amount: stock, company_id: companyId },
    'product_id',
  );
  const body = {
    user_id: customerId,
    payment_id: paymentId,
    shipping_id: shippingId,
    products: { 1: { product_id: productId, amount: 2 } },
  };
  return { customerId, productId, body };
}

const post = (path: string, body: object, key: string, auth: ApiUser['auth'] | 'admin' = 'admin') =>
  api('POST', path, { body, auth, headers: { 'Idempotency-Key': key } });

describe('Idempotency-Key on POST', () => {
  it('a retried POST /orders creates exactly one order and takes stock once; the retry replays the first answer', async () => {
    const { customerId, productId, body } = await orderWorld(10);
    const key = `order-${uid()}`;
    const first = await post('/api/orders', body, key);
    expect(first.status, first.body).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await post('/api/orders', body, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The same body with its keys in another order is the same request.
    const reordered = await post(
      '/api/orders',
      { products: body.products, shipping_id: shippingId, payment_id: paymentId, user_id: customerId },
      key,
    );
    expect(reordered.status).toBe(201);
    expect(reordered.json.order_id).toBe(first.json.order_id);
    expect(await stockOf(productId)).toBe(8);
    const orders = await ordersOf(customerId);
    expect(orders.orders.map((o: { order_id: string }) => Number(o.order_id))).toEqual([first.json.order_id]);
  });

  it('without the header a retried POST creates a second order (what the key prevents)', async () => {
    const { customerId, productId, body } = await orderWorld(10);
    expect((await api('POST', '/api/orders', { body })).status).toBe(201);
    expect((await api('POST', '/api/orders', { body })).status).toBe(201);
    expect(await stockOf(productId)).toBe(6);
    expect((await ordersOf(customerId)).orders).toHaveLength(2);
  });

  it('10 racing POST /orders with one key: exactly one 201 that did the work, the others 409 or its replay', async () => {
    const { customerId, productId, body } = await orderWorld(50);
    const key = `race-${uid()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/orders', body, key)));
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      expect([201, 409], answer.body).toContain(answer.status);
      if (answer.status === 201) expect(answer.json.order_id).toBe(fresh[0]!.json.order_id);
      if (answer.status === 409) {
        expect(answer.json.status).toBe(409);
        expect(answer.headers.get('retry-after')).toBe('1');
      }
    }
    expect(await stockOf(productId)).toBe(48);
    expect((await ordersOf(customerId)).orders).toHaveLength(1);
    // Once done, a retry is the replay.
    const after = await post('/api/orders', body, key);
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.json.order_id).toBe(fresh[0]!.json.order_id);
  });

  it('the same key with another body (or path) → 422, nothing created', async () => {
    const key = `group-${uid()}`;
    const first = await post('/api/usergroups', { type: 'C', status: 'A', usergroup: `One ${uid()}` }, key);
    expect(first.status).toBe(201);
    const other = await post('/api/usergroups', { type: 'C', status: 'A', usergroup: `Two ${uid()}` }, key);
    expectError(other, 422);
    expect(other.json.message).toMatch(/^Unprocessable Entity: /);
    const otherPath = await post('/api/2.0/usergroups', { type: 'C', status: 'A', usergroup: 'x' }, key);
    expect(otherPath.status).toBe(422);
  });

  it('keys are per API user: another user with the same key does its own work', async () => {
    const other = await createRoot();
    const key = `shared-${uid()}`;
    const body = { type: 'C', status: 'A', usergroup: `Shared ${uid()}` };
    const mine = await post('/api/usergroups', body, key);
    const theirs = await post('/api/usergroups', body, key, other.auth);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json.usergroup_id).not.toBe(mine.json.usergroup_id);
  });

  it('stores the answer with a 24 h TTL (expires_at), keyed by user and key', async () => {
    const key = `ttl-${uid()}`;
    const answer = await post('/api/usergroups', { type: 'C', status: 'A', usergroup: `Ttl ${uid()}` }, key);
    expect(answer.status).toBe(201);
    const rootId = Number(
      (await api('GET', `/api/users?email=${encodeURIComponent(inject('adminEmail'))}`)).json.users[0].user_id,
    );
    const item = (
      await db().send(new GetCommand({ TableName: testStore().tableName, Key: keys.idempotency(rootId, key) }))
    ).Item;
    expect(item?.state).toBe('done');
    expect(item?.status).toBe(201);
    const now = Math.floor(Date.now() / 1000);
    expect(item?.expires_at).toBeGreaterThan(now + 24 * 3600 - 120);
    expect(item?.expires_at).toBeLessThanOrEqual(now + 24 * 3600 + 5);
  });

  it('a 4xx answer is stored and replayed too; a request refused before the operation (403/415) stores nothing', async () => {
    const key = `bad-${uid()}`;
    const invalid = await post('/api/usergroups', { type: 'Z', status: 'A', usergroup: 'x' }, key);
    expect(invalid.status).toBe(400);
    const again = await post('/api/usergroups', { type: 'Z', status: 'A', usergroup: 'x' }, key);
    expect(again.status).toBe(400);
    expect(again.body).toBe(invalid.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const unjudged = `unjudged-${uid()}`;
    const wrongType = await api('POST', '/api/usergroups', {
      body: 'x',
      contentType: 'application/xml',
      headers: { 'Idempotency-Key': unjudged },
    });
    expect(wrongType.status).toBe(415);
    const proper = await post('/api/usergroups', { type: 'C', status: 'A', usergroup: `After ${uid()}` }, unjudged);
    expect(proper.status).toBe(201);
    expect(proper.headers.get('idempotent-replayed')).toBeNull();
  });

  it('PUT honours the key too', async () => {
    const id = await created('/api/usergroups', { type: 'C', status: 'A', usergroup: `Put ${uid()}` }, 'usergroup_id');
    const key = `put-${uid()}`;
    const first = await api('PUT', `/api/usergroups/${id}`, {
      body: { type: 'C', status: 'H' },
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(200);
    const again = await api('PUT', `/api/usergroups/${id}`, {
      body: { type: 'C', status: 'H' },
      headers: { 'Idempotency-Key': key },
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toBe(first.body);
    const other = await api('PUT', `/api/usergroups/${id}`, {
      body: { type: 'C', status: 'D' },
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(422);
  });

  it('an empty or over-long key → 400, nothing created; 255 characters are fine; GET ignores the header', async () => {
    const body = { type: 'C', status: 'A', usergroup: `Keys ${uid()}` };
    expectError(
      await post('/api/usergroups', body, ''),
      400,
      'Bad Request: Idempotency-Key must be 1 to 255 characters',
    );
    expectError(
      await post('/api/usergroups', body, 'k'.repeat(256)),
      400,
      'Bad Request: Idempotency-Key must be 1 to 255 characters',
    );
    const longest = `${uid()}-`.padEnd(255, 'k');
    expect((await post('/api/usergroups', body, longest)).status).toBe(201);
    const read = await api('GET', '/api/version', { headers: { 'Idempotency-Key': '' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a claim still in progress → 409 with Retry-After; once released (a 5xx or crash) the retry does the work', async () => {
    const rootId = Number(
      (await api('GET', `/api/users?email=${encodeURIComponent(inject('adminEmail'))}`)).json.users[0].user_id,
    );
    const key = `held-${uid()}`;
    const body = { type: 'C', status: 'A', usergroup: `Held ${uid()}` };
    const held = await claimKey(rootId, key, fingerprintOf('POST', '/api/usergroups', {}, body));
    expect(held.kind).toBe('claimed');
    const blocked = await post('/api/usergroups', body, key);
    expectError(blocked, 409);
    expect(blocked.headers.get('retry-after')).toBe('1');
    if (held.kind === 'claimed') await releaseKey(rootId, key, held.token);
    const done = await post('/api/usergroups', body, key);
    expect(done.status).toBe(201);
    expect(done.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a claim whose lock has ended (the Lambda timed out) is taken over by the retry', async () => {
    const rootId = Number(
      (await api('GET', `/api/users?email=${encodeURIComponent(inject('adminEmail'))}`)).json.users[0].user_id,
    );
    const key = `timeout-${uid()}`;
    const body = { type: 'C', status: 'A', usergroup: `Timeout ${uid()}` };
    // Claimed a minute ago by a request that never finished; the lock (IDEMPOTENCY_LOCK_SECONDS, 15 s) is over.
    const stale = await claimKey(
      rootId,
      key,
      fingerprintOf('POST', '/api/usergroups', {}, body),
      Math.floor(Date.now() / 1000) - 60,
    );
    expect(stale.kind).toBe('claimed');
    const retry = await post('/api/usergroups', body, key);
    expect(retry.status).toBe(201);
    const replay = await post('/api/usergroups', body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(retry.json);
  });
});
