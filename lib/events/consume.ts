import type { ChangeEvent } from './change-event.js';
import { deriveEvents, type StreamChange } from './derive.js';
import { EVENT_SINKS } from './sinks.js';

/**
 * The stream consumer: the events of a batch of stream records, handed to every sink. Throws when a sink
 * fails, so the batch is delivered again (the Lambda event source retries it; the local poller re-reads it).
 */
export async function consumeChanges(changes: readonly StreamChange[], sinks = EVENT_SINKS): Promise<ChangeEvent[]> {
  const events = await deriveEvents(changes);
  if (events.length === 0) return events;
  for (const sink of sinks) await sink(events);
  return events;
}
