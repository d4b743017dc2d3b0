import { listRecords } from '../db/entity-list.js';
import { defaultTableContext, type TableContext } from '../db/table-context.js';
import { type DeliveryToRecord, recordDelivery, recordMarkers } from '../db/webhook-deliveries.js';
import type { ChangeEvent, EventSink } from '../entities/change-event.js';
import { webhooksEntity } from '../entities/webhooks.js';
import { inBatches } from '../in-batches.js';
import type { DeliveryDispatcher, DeliveryJob } from './delivery-job.js';
import { deliveryDispatcher } from './dispatch.js';
import { subscriptionMatches } from './matching.js';

/** How many deliveries are recorded at once (each a conditional PutItem: milliseconds). */
const PARALLEL_RECORDS = 32;
/** The active webhooks: one Query of the status index (there are few). */
async function activeWebhooks(context: TableContext) {
  const { records } = await listRecords(
    webhooksEntity,
    {
      conditions: [{ rule: { field: 'status', op: 'eq' }, values: ['A'] }],
      sortBy: 'id',
      descending: false,
      page: 1,
    },
    context,
  );
  return records;
}

/**
 * The webhooks' share of the change feed (an EventSink the stream consumer calls with committed events):
 * for each event and each active webhook it matches, a delivery is recorded — once per (webhook, event id),
 * so a batch handed over again after a consumer retry delivers nothing twice — and handed to the senders
 * (lib/webhooks/dispatch.ts) without waiting for any attempt: the consumer's time is bounded DynamoDB writes,
 * whatever the receivers do. Only a failure to record throws, so the consumer retries the batch and no event
 * is lost; a delivery recorded but not handed over is found by the retry sweep. The webhooks are read and the
 * deliveries recorded on `context`'s table.
 */
export function webhookSinkWith(dispatch: () => DeliveryDispatcher, context: TableContext): EventSink {
  return async (events: readonly ChangeEvent[]) => {
    if (events.length === 0) return;
    const webhooks = await activeWebhooks(context);
    if (webhooks.length === 0) return;
    const now = Date.now();
    const matches: DeliveryToRecord[] = [];
    for (const event of events) {
      const body = JSON.stringify(event);
      for (const webhook of webhooks) {
        const subscription = {
          events: (webhook.events as string[] | undefined) ?? [],
          company_id: Number(webhook.company_id ?? 0),
        };
        if (subscriptionMatches(subscription, event))
          matches.push({ webhookId: Number(webhook.webhook_id), event, body });
      }
    }
    // Each delivery is one conditional PutItem, independent of the others: recorded side by side. A failure throws,
    // so the consumer retries the batch; the deliveries recorded meanwhile are skipped then by their condition.
    // Handed over ten at a time as they are recorded (one SendMessageBatch deployed), not after the whole batch:
    // a batch of 100 events and 10 subscriptions is 1,000 recordings, and the first receivers need not wait for all.
    const send = dispatch();
    const due: DeliveryJob[] = [];
    const flush = () => send(due.splice(0));
    await inBatches(matches, PARALLEL_RECORDS, async (match) => {
      const recorded = await recordDelivery(match, now, context);
      if (recorded) due.push({ ref: recorded, dueAt: now });
      if (due.length >= 10) await flush();
    });
    await flush();
    // Then every match's event marker (for redeliveries by event id), in bulk: BatchWriteItem, 25 a call.
    await recordMarkers(matches, now, context);
  };
}

/**
 * The sink the stream consumer runs (lib/events/sinks.ts): on this instance's table, where the retry sweep
 * (lib/webhooks/retry-runner.ts) finds the deliveries and the consumer's feed is wired (lib/events/instance-feed.ts).
 */
export const webhookSink: EventSink = webhookSinkWith(() => deliveryDispatcher(), defaultTableContext());
