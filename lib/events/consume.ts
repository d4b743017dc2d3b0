import type { ChangeEvent } from './change-event.js';
import { deriveEvents, type StreamChange } from './derive.js';
import { EVENT_SINKS } from './sinks.js';

/**
 * The stream consumer: the events of a batch of stream records, handed to every sink side by side (the event
 * store need not wait while the webhooks record their deliveries). Throws when a sink fails, so the batch is
 * delivered again (the Lambda event source retries it; the local poller re-reads it); every sink takes an event
 * it has seen before without doing its work twice. No sink waits for a receiver: the webhooks' sink records and
 * queues (lib/webhooks/sink.ts), so a receiver can never fail or hold up a batch.
 */
export async function consumeChanges(changes: readonly StreamChange[], sinks = EVENT_SINKS): Promise<ChangeEvent[]> {
  const events = await deriveEvents(changes);
  if (events.length === 0) return events;
  const outcomes = await Promise.allSettled(sinks.map((sink) => sink(events)));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return events;
}
