/**
 * Webhooks end to end on DynamoDB Local: subscriptions made through the API (serverless offline), events of
 * real objects (read back with GET, as the stream consumer shows them) handed to `webhookSink`, deliveries
 * POSTed to receivers on 127.0.0.1 and verified with the `standardwebhooks` library; the retry runner stepped
 * through the back-off schedule by its `now`; redelivery, company binding, validation, privileges and the
 * deployed URL policy. test/e2e/webhooks-feed.test.ts does the same with changes through the API alone,
 * once the stream consumer feeds the sink.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as webhooksCreate } from '../../functions/webhooks/create.js';
import type { ChangeAction, ChangeEvent } from '../../lib/events/change-event.js';
import { EndpointQueue } from '../../lib/webhooks/endpoint-queue.js';
import { runDueDeliveries } from '../../lib/webhooks/retry-runner.js';
import { sendMessage } from '../../lib/webhooks/send.js';
import { webhookSinkWith } from '../../lib/webhooks/sink.js';
import {
  createAdmin,
  createCompany,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { downUrl, WebhookReceiver } from '../support/webhook-receiver.js';
import { event, invoke } from './hostile-support.js';

/**
 * The ids of the events this file hands to the sink itself. The table's stream, consumed in the background as
 * `npm start` does, also delivers the events of the objects these tests create through the API to any matching
 * subscription; the assertions here are about the events the test fed, so they look at those deliveries only.
 */
const fed = new Set<string>();
/** This file's own per-endpoint queue, so a test can wait until what the sink handed over was sent. */
const queue = new EndpointQueue();
const recordAndQueue = webhookSinkWith(() => queue.dispatch);
const sink = async (events: readonly ChangeEvent[]) => {
  for (const event of events) fed.add(event.id);
  await recordAndQueue(events);
  await queue.drained();
};
const ours = (receiver: WebhookReceiver) => receiver.received.filter((message) => fed.has(message.id));

const receivers: WebhookReceiver[] = [];

async function receiver(statuses?: number[]): Promise<{ receiver: WebhookReceiver; url: string }> {
  const r = new WebhookReceiver(statuses);
  receivers.push(r);
  return { receiver: r, url: await r.start() };
}

beforeAll(() => {
  // The sink and the runner run in this process and send to receivers on 127.0.0.1 (the local stage's setting).
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
});

/** Every webhook a test made, deleted at the end: later test files' changes must not be delivered to them. */
const subscriptions: number[] = [];

afterAll(async () => {
  await Promise.all(subscriptions.map((id) => api('DELETE', `/api/webhooks/${id}`)));
  await Promise.all(receivers.map((r) => r.stop()));
});

async function subscribe(url: string, events: string[], extra: object = {}): Promise<{ id: number; secret: string }> {
  const response = await api('POST', '/api/webhooks', { body: { url, events, ...extra } });
  expectStatus(response, 201);
  expect(Number.isInteger(response.json.webhook_id)).toBe(true);
  expect(response.json.secret).toMatch(/^whsec_/);
  subscriptions.push(response.json.webhook_id);
  return { id: response.json.webhook_id, secret: response.json.secret };
}

async function created(path: string, body: object, idField: string): Promise<number> {
  const response = await api('POST', path, { body });
  expectStatus(response, 201);
  return Number(response.json[idField]);
}

async function single(path: string): Promise<Record<string, unknown>> {
  const response = await api('GET', path);
  expectStatus(response, 200);
  return response.json;
}

/** A ChangeEvent as the stream consumer makes it, of an object as its GET shows it. */
function changeEvent(
  entity: string,
  action: ChangeAction,
  object: Record<string, unknown>,
  objectId: number,
  companyId: number | null,
): ChangeEvent {
  return {
    id: `evt_${uid()}`,
    type: `${entity}.${action}`,
    entity,
    action,
    object_id: String(objectId),
    company_id: companyId,
    created_at: new Date().toISOString(),
    data: { object, ...(action === 'updated' ? { changed_fields: ['status'] } : {}) },
  };
}

/** Created, updated and deleted events of one object, each with the object as GET showed it then. */
async function lifecycle(
  entity: string,
  path: string,
  id: number,
  update: object,
  companyId: number | null,
): Promise<ChangeEvent[]> {
  const createdState = await single(`${path}/${id}`);
  expectStatus(await api('PUT', `${path}/${id}`, { body: update }), 200);
  const updatedState = await single(`${path}/${id}`);
  expectStatus(await api('DELETE', `${path}/${id}`), 204);
  return [
    changeEvent(entity, 'created', createdState, id, companyId),
    changeEvent(entity, 'updated', updatedState, id, companyId),
    changeEvent(entity, 'deleted', updatedState, id, companyId),
  ];
}

async function deliveriesOf(webhookId: number) {
  const response = await api('GET', `/api/webhooks/${webhookId}/deliveries`);
  expectStatus(response, 200);
  return response.json.deliveries as Array<{
    event_id: string;
    status: string;
    attempts: Array<{ response_code: number; error: string | null }>;
  }>;
}

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
    const paymentId = await created('/api/payments', { payment: `Pay ${uid()}` }, 'payment_id');
    const shippingId = await created('/api/shippings', { shipping: `Ship ${uid()}`, base_rate: '5.00' }, 'shipping_id');
    const orderId = await created(
      '/api/orders',
      {
        user_id: customerId,
        payment_id: paymentId,
        shipping_id: shippingId,
        products: { 1: { product_id: productId, amount: 1 } },
      },
      'order_id',
    );
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

  it('the API: required fields, validation in the contract format, the secret shown once, 404s', async () => {
    expectError(
      await api('POST', '/api/webhooks', { body: { events: ['products.*'] } }),
      400,
      'Bad Request: The url field is required',
    );
    expectError(
      await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x' } }),
      400,
      'Bad Request: The events field is required',
    );
    expectError(await api('POST', '/api/webhooks', { body: { url: 'ftp://x.example/', events: ['*'] } }), 400);
    expectError(
      await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x', events: ['nothing.created'] } }),
      400,
    );
    expectError(
      await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x', events: ['products.moved'] } }),
      400,
    );
    expectError(await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x', events: [] } }), 400);
    expectError(
      await api('POST', '/api/webhooks', {
        body: { url: 'http://127.0.0.1:1/x', events: ['*'], company_id: 999999999 },
      }),
      400,
    );
    const { id } = await subscribe('http://127.0.0.1:1/x', ['*'], { description: 'ERP' });
    const shown = await single(`/api/webhooks/${id}`);
    expect(shown).toMatchObject({
      webhook_id: id,
      url: 'http://127.0.0.1:1/x',
      events: ['*'],
      status: 'A',
      company_id: 0,
      description: 'ERP',
      disabled_reason: '',
    });
    expect(shown).not.toHaveProperty('secret');
    const list = await api('GET', '/api/webhooks?items_per_page=250');
    expectStatus(list, 200);
    expect(list.json.webhooks.some((w: { webhook_id: number }) => w.webhook_id === id)).toBe(true);
    expectError(await api('PUT', `/api/webhooks/${id}`, { body: { events: 'products.*' } }), 400);
    expectStatus(await api('DELETE', `/api/webhooks/${id}`), 204);
    expectError(await api('GET', `/api/webhooks/${id}`), 404);
    expectError(await api('GET', `/api/webhooks/${id}/deliveries`), 404);
  });

  it('root-only by default; view_webhooks reads, manage_webhooks writes', async () => {
    const nobody = await createAdmin();
    expectForbidden(await api('GET', '/api/webhooks', { auth: nobody.auth }));
    const viewer = await createAdmin(['view_webhooks']);
    expectStatus(await api('GET', '/api/webhooks', { auth: viewer.auth }), 200);
    expectForbidden(
      await api('POST', '/api/webhooks', { auth: viewer.auth, body: { url: 'http://127.0.0.1:1/x', events: ['*'] } }),
    );
    const manager = await createAdmin(['view_webhooks', 'manage_webhooks']);
    const made = await api('POST', '/api/webhooks', {
      auth: manager.auth,
      body: { url: 'http://127.0.0.1:1/x', events: ['*'] },
    });
    expectStatus(made, 201);
    subscriptions.push(made.json.webhook_id);
  });

  it('deployed (no WEBHOOKS_ALLOW_PRIVATE_URLS): https only, and no private, loopback or link-local targets', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'false';
    try {
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/x',
        'https://[::ffff:10.0.0.1]/x',
        'https://localhost/x',
      ]) {
        const answer = await invoke(webhooksCreate, event('POST', '/api/webhooks', { body: { url, events: ['*'] } }));
        expect(answer.status, url).toBe(400);
        expect(answer.json.message).toMatch(/^Bad Request: The url field must/);
      }
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
    }
  });

  it('an attempt fails on a time-out, a redirect (not followed) or a refused connection, and succeeds on any 2xx', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/moved') return void res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
      res.writeHead(202).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const message = { id: 'evt_send', body: '{}', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    const policy = { allowPrivate: true };
    try {
      const slow = await sendMessage(`${base}/slow`, message, policy, 300);
      expect(slow).toMatchObject({ ok: false, code: 0, error: 'No answer within 300 ms' });
      expect(slow.duration_ms).toBeGreaterThanOrEqual(250);
      expect(await sendMessage(`${base}/moved`, message, policy)).toMatchObject({
        ok: false,
        code: 302,
        error: 'HTTP 302',
      });
      expect(await sendMessage(`${base}/ok`, message, policy)).toMatchObject({ ok: true, code: 202 });
      expect((await sendMessage(await downUrl(), message, policy)).error).toMatch(/ECONNREFUSED/);
      // Deployed, the same loopback receiver is refused before any connection.
      expect(await sendMessage(`${base}/ok`, message, { allowPrivate: false })).toMatchObject({
        ok: false,
        code: 0,
        error: 'The url field must use https',
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
