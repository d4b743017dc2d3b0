import { listRecords } from '../db/entity-list.js';
import { recordDelivery, type DeliveryRef } from '../db/webhook-deliveries.js';
import { webhooksEntity } from '../entities/webhooks.js';
import type { ChangeEvent, EventSink } from '../events/change-event.js';
import { attemptDelivery, type WebhookCache } from './attempt.js';
import { subscriptionMatches } from './matching.js';
import { inBatches } from '../in-batches.js';

/** How many deliveries are attempted at once (each may wait up to the attempt time-out). */
const PARALLEL_ATTEMPTS = 16;

/** The active webhooks: one Query of the status index (there are few). */
async function activeWebhooks() {
  const { records } = await listRecords(webhooksEntity, {
    conditions: [{ rule: { field: 'status', op: 'eq' }, values: ['A'] }],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  return records;
}

/**
 * The webhooks' share of the change feed (an EventSink the stream consumer calls with committed events):
 * for each event and each active webhook it matches, a delivery is recorded — once per (webhook, event id),
 * so a batch handed over again after a consumer retry delivers nothing twice — and attempted right away.
 * A failed attempt stays scheduled for the retry runner (lib/webhooks/retry-runner.ts); only a failure to
 * record throws, so the consumer retries the batch and no event is lost.
 */
export const webhookSink: EventSink = async (events: readonly ChangeEvent[]) => {
  if (events.length === 0) return;
  const webhooks = await activeWebhooks();
  if (webhooks.length === 0) return;
  const now = Date.now();
  const matches: Array<{ webhookId: number; event: ChangeEvent; body: string }> = [];
  for (const event of events) {
    const body = JSON.stringify(event);
    for (const webhook of webhooks) {
      const subscription = { events: (webhook.events as string[] | undefined) ?? [], company_id: Number(webhook.company_id ?? 0) };
      if (subscriptionMatches(subscription, event)) matches.push({ webhookId: Number(webhook.webhook_id), event, body });
    }
  }
  // Each delivery is its own conditional transaction, independent of the others: recorded side by side (one at a
  // time, a batch of 100 events waited 100 round trips before the first POST). A failure throws, so the consumer
  // retries the batch; the deliveries recorded meanwhile are skipped then by their markers.
  const due: DeliveryRef[] = [];
  await inBatches(matches, PARALLEL_ATTEMPTS, async ({ webhookId, event, body }) => {
    const recorded = await recordDelivery(webhookId, event, body, now);
    if (recorded) due.push(recorded);
  });
  const cache: WebhookCache = new Map(webhooks.map((webhook) => [Number(webhook.webhook_id), Promise.resolve(webhook)]));
  // Attempts run side by side (receivers must not rely on order: Standard Webhooks promises none); a failed
  // attempt is the runner's to retry, not the consumer's.
  await inBatches(due, PARALLEL_ATTEMPTS, (ref) => attemptDelivery(ref, now, now, cache).catch(() => undefined));
};
