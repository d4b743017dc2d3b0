/**
 * A receiver that hangs holds up no one (issue 28): the webhooks' sink records deliveries and hands them to the
 * per-endpoint queue without waiting for any attempt; a hanging endpoint occupies at most its own lanes while
 * another endpoint gets every event; and nothing is lost or sent twice once the hanging one answers again.
 * Subscriptions through the API (serverless offline), deliveries on DynamoDB Local, receivers on 127.0.0.1.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTableContext } from '../../lib/db/table-context.js';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { ENDPOINT_CONCURRENCY, EndpointQueue, INITIAL_CONCURRENCY } from '../../lib/webhooks/endpoint-queue.js';
import { webhookSinkWith } from '../../lib/webhooks/sink.js';
import { expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const subscriptions: number[] = [];
const cleanups: Array<() => Promise<void>> = [];

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
});

afterAll(async () => {
  await Promise.all(subscriptions.map((id) => api('DELETE', `/api/webhooks/${id}`)));
  for (const cleanup of cleanups) await cleanup();
});

async function subscribe(url: string, events: string[]): Promise<number> {
  const response = await api('POST', '/api/webhooks', { body: { url, events } });
  expectStatus(response, 201);
  subscriptions.push(response.json.webhook_id);
  return response.json.webhook_id;
}

/** A receiver that takes every request and answers none until `release()`; then it answers each at once. */
async function hangingReceiver() {
  const open: ServerResponse[] = [];
  const ids: string[] = [];
  let closed = 0;
  let released = false;
  let mostOpen = 0;
  const server = createServer((req, res) => {
    ids.push(String(req.headers['webhook-id']));
    req.resume();
    // The response closes when it is answered or its connection is dropped (the sender's time-out).
    res.on('close', () => (closed += 1));
    if (released) return void res.writeHead(204).end();
    open.push(res);
    mostOpen = Math.max(mostOpen, open.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    open,
    closed: () => closed,
    mostOpen: () => mostOpen,
    release() {
      released = true;
      for (const res of open.splice(0)) res.writeHead(204).end();
    },
  };
}

function taxEvent(): ChangeEvent {
  const id = Math.floor(Math.random() * 1e9);
  return {
    id: `evt_${uid()}`,
    type: 'taxes.updated',
    entity: 'taxes',
    action: 'updated',
    object_id: String(id),
    company_id: null,
    created_at: new Date().toISOString(),
    data: { object: { tax_id: id }, changed_fields: ['tax'] },
  };
}

async function until(done: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a hanging receiver beside a healthy one', () => {
  it('the sink returns before any attempt ends, the healthy endpoint gets every event, the hanging one holds only its own lanes', async () => {
    const hanging = await hangingReceiver();
    const healthy = new WebhookReceiver();
    cleanups.push(() => healthy.stop());
    const healthyUrl = await healthy.start();
    const hangingId = await subscribe(hanging.url, ['taxes.updated']);
    await subscribe(healthyUrl, ['taxes.updated']);
    const queue = new EndpointQueue();
    const events = Array.from({ length: 3 * ENDPOINT_CONCURRENCY }, taxEvent);
    const fed = new Set(events.map((event) => event.id));

    await webhookSinkWith(() => queue.dispatch, defaultTableContext())(events);
    // The sink (the stream consumer's share) is back while the hanging receiver has let no attempt end.
    expect(hanging.closed()).toBe(0);

    await until(
      () => healthy.received.filter((m) => fed.has(m.id)).length === events.length,
      'every delivery to the healthy receiver',
    );
    expect(new Set(healthy.received.filter((m) => fed.has(m.id)).map((m) => m.id))).toEqual(fed);
    // An endpoint not heard from yet gets INITIAL_CONCURRENCY attempts at once (more only as it answers).
    await until(() => hanging.open.length === INITIAL_CONCURRENCY, 'the hanging lanes filling');
    // Still nothing answered or timed out there: the healthy deliveries did not wait for it.
    expect(hanging.closed()).toBe(0);
    expect(hanging.mostOpen()).toBe(INITIAL_CONCURRENCY);

    hanging.release();
    await queue.drained();
    // Every event reached the once-hanging endpoint too, each once.
    const delivered = hanging.ids.filter((id) => fed.has(id));
    expect(new Set(delivered)).toEqual(fed);
    expect(delivered).toHaveLength(fed.size);
    const log = await api('GET', `/api/webhooks/${hangingId}/deliveries?items_per_page=100`);
    expectStatus(log, 200);
    const ours = (log.json.deliveries as Array<{ event_id: string; status: string }>).filter((d) =>
      fed.has(d.event_id),
    );
    expect(ours).toHaveLength(fed.size);
    expect(ours.every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('a job handed over twice (a sweep while it waits, a redelivered message) is sent once', async () => {
    const healthy = new WebhookReceiver();
    cleanups.push(() => healthy.stop());
    const webhookId = await subscribe(await healthy.start(), ['taxes.updated']);
    const queue = new EndpointQueue();
    const { sweepDueDeliveries } = await import('../../lib/webhooks/retry-runner.js');
    const event = taxEvent();
    let handed: Parameters<typeof queue.dispatch>[0] = [];
    await webhookSinkWith(
      () => async (jobs) => {
        handed = jobs.filter((job) => job.ref.webhookId === webhookId);
      },
      defaultTableContext(),
    )([event]);
    expect(handed).toHaveLength(1);
    // The same job three times, and a sweep of the due index (which finds it too), all before any attempt ran.
    await queue.dispatch([...handed, ...handed]);
    await sweepDueDeliveries(Date.now(), queue.dispatch);
    await queue.dispatch(handed);
    await queue.drained();
    expect(healthy.received.filter((m) => m.id === event.id)).toHaveLength(1);
  });
});
