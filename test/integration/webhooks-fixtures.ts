/**
 * What the webhook test files (test/integration/webhooks-*.test.ts) share: the sink they hand events to (and the ids
 * of those events), receivers on 127.0.0.1, subscriptions made through the API and deleted at the end, change events
 * of real objects as the stream consumer makes them, and a webhook's deliveries.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { defaultTableContext } from '../../lib/db/table-context.js';
import type { ChangeAction, ChangeEvent } from '../../lib/events/change-event.js';
import { EndpointQueue } from '../../lib/webhooks/endpoint-queue.js';
import { webhookSinkWith } from '../../lib/webhooks/sink.js';
import { expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The ids of the events this file hands to the sink itself. The table's stream, consumed in the background as
 * `npm start` does, also delivers the events of the objects these tests create through the API to any matching
 * subscription; the assertions here are about the events the test fed, so they look at those deliveries only.
 */
export const fed = new Set<string>();
/** This file's own per-endpoint queue, so a test can wait until what the sink handed over was sent. */
const queue = new EndpointQueue();
const recordAndQueue = webhookSinkWith(() => queue.dispatch, defaultTableContext());
export const sink = async (events: readonly ChangeEvent[]) => {
  for (const event of events) fed.add(event.id);
  await recordAndQueue(events);
  await queue.drained();
};
export const ours = (receiver: WebhookReceiver) => receiver.received.filter((message) => fed.has(message.id));

const receivers: WebhookReceiver[] = [];

export async function receiver(statuses?: number[]): Promise<{ receiver: WebhookReceiver; url: string }> {
  const r = new WebhookReceiver(statuses);
  receivers.push(r);
  return { receiver: r, url: await r.start() };
}

/** Every webhook a test made, deleted at the end: later test files' changes must not be delivered to them. */
export const subscriptions: number[] = [];

/**
 * The hooks of a webhook test file: the sink and the runner run in its process and send to receivers on 127.0.0.1
 * (the local stage's setting); at the end its webhooks are deleted and its receivers stopped.
 */
export function useWebhookReceivers(): void {
  beforeAll(() => {
    // The sink and the runner run in this process and send to receivers on 127.0.0.1 (the local stage's setting).
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  });

  afterAll(async () => {
    await Promise.all(subscriptions.map((id) => api('DELETE', `/api/webhooks/${id}`)));
    await Promise.all(receivers.map((r) => r.stop()));
  });
}

export async function subscribe(
  url: string,
  events: string[],
  extra: object = {},
): Promise<{ id: number; secret: string }> {
  const response = await api('POST', '/api/webhooks', { body: { url, events, ...extra } });
  expectStatus(response, 201);
  expect(Number.isInteger(response.json.webhook_id)).toBe(true);
  expect(response.json.secret).toMatch(/^whsec_/);
  subscriptions.push(response.json.webhook_id);
  return { id: response.json.webhook_id, secret: response.json.secret };
}

export async function created(path: string, body: object, idField: string): Promise<number> {
  const response = await api('POST', path, { body });
  expectStatus(response, 201);
  return Number(response.json[idField]);
}

export async function single(path: string): Promise<Record<string, unknown>> {
  const response = await api('GET', path);
  expectStatus(response, 200);
  return response.json;
}

/** A ChangeEvent as the stream consumer makes it, of an object as its GET shows it. */
export function changeEvent(
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
export async function lifecycle(
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

export async function deliveriesOf(webhookId: number) {
  const response = await api('GET', `/api/webhooks/${webhookId}/deliveries`);
  expectStatus(response, 200);
  return response.json.deliveries as Array<{
    event_id: string;
    status: string;
    attempts: Array<{ response_code: number; error: string | null }>;
  }>;
}
