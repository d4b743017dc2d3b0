import { webhookSink } from '../webhooks/sink.js';
import type { EventSink } from './change-event.js';
import { instanceEventStore } from './instance-feed.js';

/**
 * Where the stream consumer hands every batch of events, side by side (lib/events/consume.ts). A sink that throws
 * fails the batch, which the stream then delivers again (at-least-once): every sink must take an event it has
 * seen before without doing its work twice (the event store conditions on the event id).
 */
export const EVENT_SINKS: EventSink[] = [instanceEventStore.storeEvents, webhookSink];
