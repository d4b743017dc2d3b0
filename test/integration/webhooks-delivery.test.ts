/**
 * Webhooks delivered, on DynamoDB Local: subscriptions made through the API (serverless offline), events of real
 * objects (read back with GET, as the stream consumer shows them) handed to `webhookSink`, deliveries POSTed to
 * receivers on 127.0.0.1 and verified with the `standardwebhooks` library; an event handed over twice delivered once;
 * the retry runner stepped through the back-off schedule by its `now`; redelivery; company binding.
 * test/e2e/webhooks-feed.test.ts does the same with changes through the API alone, once the stream consumer feeds
 * the sink.
 */
import { describe, expect, it } from 'vitest';
import { runDueDeliveries } from '../../lib/webhooks/retry-runner.js';
import { placeOrder } from '../support/catalog.js';
import { createCompany, createUser, expectError, expectStatus, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { downUrl } from '../support/webhook-receiver.js';
import {
  changeEvent,
  created,
  deliveriesOf,
  lifecycle,
  ours,
  receiver,
  single,
  sink,
  subscribe,
  useWebhookReceivers,
} from './webhooks-fixtures.js';

useWebhookReceivers();

describe('webhooks', () => {
  it('a receiver gets signed, verifiable deliveries for creates, updates and deletes of products, orders and users', async () => {
    const { receiver: r, url } = await receiver();
    const { secret } = await subscribe(url, ['products.*', 'orders.*', 'users.*']);
    const company = await createCompany();
    const productId = await created(
      '/api/products',
      { product: `Item ${uid()}`, price: '10.00', amount: 50, company_id: company },
      'product_id',
    );
    const customerId = await createUser({ user_type: 'C', email: uniqueEmail('buyer') });
    const orderId = await placeOrder(customerId, productId);
    const userId = await createUser({ user_type: 'C', email: uniqueEmail('hook') });

    const events = [
      ...(await lifecycle('orders', '/api/orders', orderId, { status: 'P' }, company)),
      ...(await lifecycle('products', '/api/products', productId, { status: 'D' }, company)),
      ...(await lifecycle('users', '/api/users', userId, { status: 'D' }, null)),
      // Not subscribed to: never delivered.
      changeEvent('taxes', 'created', { tax_id: '1' }, 1, null),
    ];
    await sink(events);

    const wanted = events.filter((e) => e.entity !== 'taxes');
    expect(
      ours(r)
        .map((m) => m.id)
        .sort(),
    ).toEqual(wanted.map((e) => e.id).sort());
    const payloads = r.verified(secret);
    for (const expected of wanted) {
      const payload = payloads.find((p) => p.id === expected.id);
      expect(payload).toEqual(JSON.parse(JSON.stringify(expected)));
    }
    for (const message of ours(r)) {
      expect(message.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(message.timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(message.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
  });

  it('an event handed over twice is delivered once per webhook', async () => {
    const { receiver: r, url } = await receiver();
    const { id } = await subscribe(url, ['products.updated']);
    const change = changeEvent('products', 'updated', { product_id: '5' }, 5, 1);
    await sink([change]);
    await sink([change]);
    expect(ours(r).map((m) => m.id)).toEqual([change.id]);
    const deliveries = await deliveriesOf(id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event_id: change.id,
      status: 'succeeded',
      attempts: [{ response_code: 204, error: null }],
    });
    // The log is newest first, and pages by items_per_page.
    const later = changeEvent('products', 'updated', { product_id: '5' }, 5, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sink([later]);
    expect((await deliveriesOf(id)).map((d) => d.event_id)).toEqual([later.id, change.id]);
    const newest = await api('GET', `/api/webhooks/${id}/deliveries?items_per_page=1`);
    expect(newest.json.deliveries.map((d: { event_id: string }) => d.event_id)).toEqual([later.id]);
    expectError(await api('GET', `/api/webhooks/${id}/deliveries?items_per_page=0`), 400);
  });

  it('a receiver that answers 500 three times gets the event on the fourth attempt, with the same id', async () => {
    const { receiver: r, url } = await receiver([500, 500, 500, 200]);
    const { id, secret } = await subscribe(url, ['orders.created']);
    const change = changeEvent('orders', 'created', { order_id: '77' }, 77, 1);
    const start = Date.now();
    await sink([change]);
    expect(ours(r)).toHaveLength(1);
    // Not due yet: nothing is sent before the back-off has passed.
    await runDueDeliveries(start + 1_000);
    expect(ours(r)).toHaveLength(1);
    let now = start + 6_000;
    await runDueDeliveries(now);
    expect(ours(r)).toHaveLength(2);
    now += 301_000;
    await runDueDeliveries(now);
    expect(ours(r)).toHaveLength(3);
    now += 1_801_000;
    await runDueDeliveries(now);
    expect(ours(r)).toHaveLength(4);
    expect(new Set(ours(r).map((m) => m.id))).toEqual(new Set([change.id]));
    expect(r.verified(secret).every((p) => p.id === change.id)).toBe(true);
    const [delivery] = await deliveriesOf(id);
    expect(delivery!.status).toBe('succeeded');
    expect(delivery!.attempts.map((a) => a.response_code)).toEqual([500, 500, 500, 200]);
    // Succeeded: a later run sends nothing more.
    await runDueDeliveries(now + 48 * 3600_000);
    expect(ours(r)).toHaveLength(4);
  });

  it('a receiver that is down is retried for over 24 h, then the delivery fails and the webhook is disabled; a redelivery sends it again', async () => {
    const url = await downUrl();
    const { id, secret } = await subscribe(url, ['users.*']);
    const change = changeEvent('users', 'deleted', { user_id: '9' }, 9, null);
    const start = Date.now();
    await sink([change]);
    let now = start;
    for (let run = 0; run < 7; run += 1) {
      now += 11 * 3600_000;
      await runDueDeliveries(now);
    }
    const [delivery] = await deliveriesOf(id);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts).toHaveLength(8);
    expect(delivery!.attempts.every((a) => a.response_code === 0 && typeof a.error === 'string')).toBe(true);
    const webhook = await single(`/api/webhooks/${id}`);
    expect(webhook.status).toBe('D');
    expect(String(webhook.disabled_reason)).toMatch(/8 attempts over 24 h failed/);
    expect(webhook).not.toHaveProperty('secret');

    // A disabled webhook receives nothing new and cannot redeliver until enabled.
    await sink([changeEvent('users', 'created', { user_id: '10' }, 10, null)]);
    expect(await deliveriesOf(id)).toHaveLength(1);
    expectError(await api('POST', `/api/webhooks/${id}/deliveries`, { body: { event_id: change.id } }), 400);

    // The receiver is back: enable the webhook there and send the failed delivery again.
    const { receiver: r, url: liveUrl } = await receiver();
    expectStatus(await api('PUT', `/api/webhooks/${id}`, { body: { status: 'A', url: liveUrl } }), 200);
    expect(await single(`/api/webhooks/${id}`)).toMatchObject({ status: 'A', disabled_reason: '', url: liveUrl });
    const redelivered = await api('POST', `/api/webhooks/${id}/deliveries`, { body: { event_id: change.id } });
    expectStatus(redelivered, 201);
    expect(redelivered.json.delivery.status).toBe('succeeded');
    expect(ours(r).map((m) => m.id)).toEqual([change.id]);
    expect(r.verified(secret)[0]).toEqual(JSON.parse(JSON.stringify(change)));
    expectError(await api('POST', `/api/webhooks/${id}/deliveries`, { body: { event_id: 'evt_unknown' } }), 404);
    expectError(await api('POST', `/api/webhooks/${id}/deliveries`, { body: {} }), 400);
  });

  it("a company-bound subscription never receives another company's event", async () => {
    const [mine, theirs] = await Promise.all([createCompany(), createCompany()]);
    const { receiver: bound, url } = await receiver();
    const { receiver: all, url: allUrl } = await receiver();
    await subscribe(url, ['products.*', 'orders.*', 'users.*'], { company_id: mine });
    await subscribe(allUrl, ['products.created']);
    const products = await Promise.all(
      [mine, theirs, mine, theirs].map((company) =>
        created('/api/products', { product: `Item ${uid()}`, price: '1.00', company_id: company }, 'product_id'),
      ),
    );
    const events = await Promise.all(
      products.map(async (productId, i) =>
        changeEvent(
          'products',
          'created',
          await single(`/api/products/${productId}`),
          productId,
          i % 2 === 0 ? mine : theirs,
        ),
      ),
    );
    // An object without a company (a user) is not one company's either.
    events.push(changeEvent('users', 'created', { user_id: '3' }, 3, null));
    await sink(events);
    expect(
      ours(bound)
        .map((m) => m.id)
        .sort(),
    ).toEqual([events[0]!.id, events[2]!.id].sort());
    expect(ours(all)).toHaveLength(4);
    // Nor through the stream: whatever reached the bound subscription is its company's.
    expect(
      bound.received.every(
        (message) => (JSON.parse(message.body) as { company_id: number | null }).company_id === mine,
      ),
    ).toBe(true);
  });
});
