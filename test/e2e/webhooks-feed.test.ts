/**
 * Webhooks fed by the change stream (needs the stream consumer with `webhookSink` among its sinks, issue 20's
 * events half): a receiver on 127.0.0.1 subscribes through the API, changes are made through the API only,
 * and what arrives is watched — signed (verified with the `standardwebhooks` library), one event per committed
 * change of products, orders and users, none for a refused request, none of another company for a bound
 * subscription. test/integration/webhooks-delivery.test.ts covers the same deliveries with the sink called directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../support/catalog.js';
import { useChangeFeed } from '../support/change-feed.js';
import { createCompany, createUser, expectError, expectStatus, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

const receivers: WebhookReceiver[] = [];

/** Every webhook made here, deleted at the end: later test files' changes must not be delivered to them. */
const subscriptions: number[] = [];

afterAll(async () => {
  await Promise.all(subscriptions.map((id) => api('DELETE', `/api/webhooks/${id}`)));
  await Promise.all(receivers.map((r) => r.stop()));
});

async function subscribe(events: string[], extra: object = {}): Promise<{ receiver: WebhookReceiver; secret: string }> {
  const receiver = new WebhookReceiver();
  receivers.push(receiver);
  const url = await receiver.start();
  const response = await api('POST', '/api/webhooks', { body: { url, events, ...extra } });
  expectStatus(response, 201);
  subscriptions.push(response.json.webhook_id);
  return { receiver, secret: response.json.secret };
}

async function created(path: string, body: object, idField: string): Promise<number> {
  const response = await api('POST', path, { body });
  expectStatus(response, 201);
  return Number(response.json[idField]);
}

/** Waits until `done` holds (deliveries travel stream → consumer → sink → receiver), or fails after `ms`. */
async function until(done: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('deliveries did not arrive in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Payload = {
  id: string;
  type: string;
  object_id: string;
  company_id: number | null;
  data: { object: Record<string, unknown>; changed_fields?: string[] };
};

describe('webhooks fed by the change stream', () => {
  let company: number;
  let other: number;
  beforeAll(async () => {
    [company, other] = await Promise.all([createCompany(), createCompany()]);
  });

  it('creates, updates and deletes of products, orders and users arrive signed, one event per change', async () => {
    const { receiver, secret } = await subscribe(['products.*', 'orders.*', 'users.*']);
    const productId = await created(
      '/api/products',
      { product: `Item ${uid()}`, price: '10.00', amount: 20, company_id: company },
      'product_id',
    );
    expectStatus(await api('PUT', `/api/products/${productId}`, { body: { price: '12.00' } }), 200);
    const customerId = await createUser({ user_type: 'C', email: uniqueEmail('feed') });
    expectStatus(await api('PUT', `/api/users/${customerId}`, { body: { firstname: 'Changed' } }), 200);
    const orderId = await placeOrder(customerId, productId);
    expectStatus(await api('PUT', `/api/orders/${orderId}`, { body: { status: 'P' } }), 200);
    expectStatus(await api('DELETE', `/api/orders/${orderId}`), 204);
    expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
    expectStatus(await api('DELETE', `/api/users/${customerId}`), 204);
    // Refused: no event.
    expectError(
      await api('POST', '/api/products', { body: { product: 'Refused', price: '' } }),
      400,
      'Bad Request: The price field is required',
    );

    const wanted = (payloads: Payload[]) =>
      [
        'products.created',
        'products.updated',
        'products.deleted',
        'orders.created',
        'orders.deleted',
        'users.created',
        'users.updated',
        'users.deleted',
      ].every((type) => payloads.some((p) => p.type === type));
    await until(() => wanted(receiver.received.map((m) => JSON.parse(m.body) as Payload)));
    const payloads = receiver.verified(secret) as unknown as Payload[];
    expect(new Set(payloads.map((p) => p.id)).size).toBe(payloads.length);
    for (const message of receiver.received) expect(message.id).toBe((JSON.parse(message.body) as Payload).id);
    const ours = payloads.filter((p) => [String(productId), String(orderId), String(customerId)].includes(p.object_id));
    const productUpdate = ours.find((p) => p.type === 'products.updated' && p.data.changed_fields?.includes('price'));
    expect(productUpdate?.data.object.price).toBe('12.00');
    expect(String(ours.find((p) => p.type === 'products.deleted')?.data.object.product_id)).toBe(String(productId));
    expect(ours.find((p) => p.type === 'orders.created')?.company_id).toBe(company);
    expect(ours.find((p) => p.type === 'users.updated')?.data.object.firstname).toBe('Changed');
  });

  it("a company-bound subscription never receives another company's event", async () => {
    const { receiver: bound } = await subscribe(['products.*'], { company_id: company });
    const { receiver: all } = await subscribe(['products.created']);
    const mine = await created(
      '/api/products',
      { product: `Mine ${uid()}`, price: '1.00', company_id: company },
      'product_id',
    );
    const theirs = await created(
      '/api/products',
      { product: `Theirs ${uid()}`, price: '1.00', company_id: other },
      'product_id',
    );
    await until(() =>
      [mine, theirs].every((id) => all.received.some((m) => (JSON.parse(m.body) as Payload).object_id === String(id))),
    );
    await until(() => bound.received.some((m) => (JSON.parse(m.body) as Payload).object_id === String(mine)));
    const boundObjects = bound.received.map((m) => JSON.parse(m.body) as Payload);
    expect(boundObjects.every((p) => p.company_id === company)).toBe(true);
    expect(boundObjects.some((p) => p.object_id === String(theirs))).toBe(false);
  });
});
