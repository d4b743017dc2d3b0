/**
 * Webhooks an operator can run safely (issue 28): secret rotation (the new secret shown once, both secrets
 * signing during the overlap, verified with the `standardwebhooks` library), the caps per store and per company,
 * and `items_per_page` on the deliveries list read as on every other list and on GET /events.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTableContext } from '../../lib/db/table-context.js';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { MAX_WEBHOOKS, MAX_WEBHOOKS_PER_COMPANY } from '../../lib/operations/webhooks.js';
import { EndpointQueue } from '../../lib/webhooks/endpoint-queue.js';
import { webhookSinkWith } from '../../lib/webhooks/sink.js';
import { createCompany, expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const subscriptions: number[] = [];
const receivers: WebhookReceiver[] = [];

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
});

afterAll(async () => {
  await Promise.all(subscriptions.map((id) => api('DELETE', `/api/webhooks/${id}`)));
  await Promise.all(receivers.map((r) => r.stop()));
});

async function subscribe(url: string, events: string[], extra: object = {}) {
  const response = await api('POST', '/api/webhooks', { body: { url, events, ...extra } });
  if (response.status === 201) subscriptions.push(response.json.webhook_id);
  return response;
}

function event(): ChangeEvent {
  return {
    id: `evt_${uid()}`,
    type: 'languages.updated',
    entity: 'languages',
    action: 'updated',
    object_id: '1',
    company_id: null,
    created_at: new Date().toISOString(),
    data: { object: { lang_id: 1 }, changed_fields: ['name'] },
  };
}

describe('webhook operations', () => {
  it('rotates the secret: the new one shown once, both sign during the overlap, and the library verifies with either', async () => {
    const receiver = new WebhookReceiver();
    receivers.push(receiver);
    const made = await subscribe(await receiver.start(), ['languages.updated']);
    expectStatus(made, 201);
    const id = made.json.webhook_id as number;
    const oldSecret = made.json.secret as string;
    const rotated = await api('PUT', `/api/webhooks/${id}`, { body: { rotate_secret: 'Y' } });
    expectStatus(rotated, 200);
    const newSecret = rotated.json.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const shown = await api('GET', `/api/webhooks/${id}`);
    expect(shown.json).not.toHaveProperty('secret');
    expect(shown.json).not.toHaveProperty('previous_secret');
    expect(shown.json.previous_secret_expires_at * 1000).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // A plain update shows no secret.
    const plain = await api('PUT', `/api/webhooks/${id}`, { body: { description: 'ERP' } });
    expectStatus(plain, 200);
    expect(plain.json).not.toHaveProperty('secret');

    const queue = new EndpointQueue();
    const sent = event();
    await webhookSinkWith(() => queue.dispatch, defaultTableContext())([sent]);
    await queue.drained();
    const message = receiver.received.find((m) => m.id === sent.id)!;
    expect(message.signature.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': message.id,
      'webhook-timestamp': message.timestamp,
      'webhook-signature': message.signature,
    };
    for (const secret of [newSecret, oldSecret])
      expect(new Webhook(secret).verify(message.body, headers)).toEqual(JSON.parse(JSON.stringify(sent)));
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(message.body, headers),
    ).toThrow();
    expectError(await api('PUT', `/api/webhooks/${id}`, { body: { rotate_secret: 'maybe' } }), 400);
  });

  it(`caps the webhooks bound to one company at ${MAX_WEBHOOKS_PER_COMPANY} (and documents ${MAX_WEBHOOKS} per store)`, async () => {
    const company = await createCompany();
    for (let i = 0; i < MAX_WEBHOOKS_PER_COMPANY; i++)
      expectStatus(await subscribe('http://127.0.0.1:1/x', ['orders.*'], { company_id: company }), 201);
    const refused = await subscribe('http://127.0.0.1:1/x', ['orders.*'], { company_id: company });
    expectError(refused, 400);
    expect(refused.json.message).toMatch(new RegExp(`at most ${MAX_WEBHOOKS_PER_COMPANY}`));
    // Moving another webhook to that company is refused the same way.
    const other = await subscribe('http://127.0.0.1:1/x', ['orders.*']);
    expectError(await api('PUT', `/api/webhooks/${other.json.webhook_id}`, { body: { company_id: company } }), 400);
  });

  it('reads items_per_page on the deliveries list as on GET /events: decimal 1 to 250, empty means the default', async () => {
    const made = await subscribe('http://127.0.0.1:1/x', ['languages.updated']);
    const path = `/api/webhooks/${made.json.webhook_id}/deliveries`;
    for (const bad of ['0x10', '1e2', '0', '251', '-1', '2.5', 'ten']) {
      const deliveries = await api('GET', `${path}?items_per_page=${bad}`);
      const events = await api('GET', `/api/events?items_per_page=${bad}`);
      expectError(deliveries, 400);
      expectError(events, 400);
      expect(deliveries.json.message, bad).toBe(events.json.message);
    }
    const empty = await api('GET', `${path}?items_per_page=`);
    expectStatus(empty, 200);
    expect(empty.json.params.items_per_page).toBe(50);
    expectStatus(await api('GET', '/api/events?items_per_page='), 200);
    expect((await api('GET', `${path}?items_per_page=250`)).json.params.items_per_page).toBe(250);
  });
});
