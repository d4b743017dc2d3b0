import type { FeedStore } from '../db/feed-store.js';
import { inBatches } from '../in-batches.js';
import type { ChangeEvent, EventSink } from './change-event.js';
import { dayOfStamp, EVENT_RETENTION_DAYS, eventKeys, stampSequence } from './event-keys.js';
import { countRate, type RateWindow, shardsFor } from './feed-rules.js';

/** Events per chunk: a BatchWriteItem of their feed items, then one of their markers. */
const CHUNK = 25;
/** Chunks written side by side. */
const PARALLEL_CHUNKS = 4;

const expiryOf = (stamp: number) => Math.floor(stamp / 1_000_000) + EVENT_RETENTION_DAYS * 86_400;

/** The event store: the sink the stream consumer hands events to, and the same over a least number of shards. */
export interface EventStore {
  storeEvents: EventSink;
  /** storeEvents, over at least `minShards` shards of the day (the tests spread a few events over every shard). */
  storeEventsOver(events: readonly ChangeEvent[], minShards: number): Promise<void>;
}

/**
 * The event store over a feed store (lib/db/feed-store.ts): each event becomes an id marker (with the event) and a
 * small feed item in a random shard of its day among those in use. Events whose marker exists already (a retried
 * stream batch) are skipped: one BatchGetItem of the batch's markers. The others are written in chunks of 25 — the
 * chunk's feed items in one BatchWriteItem, then its markers in another, each marker naming its feed item. A feed
 * item is shown only with the marker that names it (lib/events/feed-reader.ts), so a chunk cut off between the two
 * writes leaves a feed item no reader shows, and the batch handed over again stores the event anew: stored once,
 * never lost.
 *
 * Each chunk is stamped as its writes start — in the batch's order (the chunks are taken in order and stamped
 * before any await), so one object's events keep their commit order, and never long before they are written: a
 * batch of a thousand takes seconds to write, and stamping it all first would let a reader's settle horizon
 * (EVENTS_SETTLE_MS) pass a stamp whose event is still unwritten. The day is entered in the day index, with the
 * shards this writer's rate needs (one when quiet, so a reader Queries one), before its first event in them.
 *
 * What a writer remembers (its stamps, its recent rate, the days it entered) lives in the store it returns, one
 * per process as the consumer wires it (lib/events/sinks.ts): a test builds one of its own.
 */
export function eventStoreOver(feed: FeedStore): EventStore {
  const nextStamp = stampSequence();
  /** This writer's events of the current second and of the one before (its recent rate). */
  const rate: RateWindow = { windowStart: 0, current: 0, previous: 0 };
  /** What this writer has entered in the day index, by table and day: the shard count (entries only ever grow). */
  const enteredDays = new Map<string, { shards: number; done: Promise<void> }>();

  /**
   * Enters a day in the day index with at least `shards` shards in use, before an event is written into them: one
   * UpdateItem that creates the entry or raises its count, never lowers it, and only when this writer has not
   * entered as many for the day yet (the writers of a batch share the one call).
   */
  function enterDay(day: string, shards: number, expires: number): Promise<void> {
    const known = `${feed.tableName}|${day}`;
    const entered = enteredDays.get(known);
    if (entered && entered.shards >= shards) return entered.done;
    const done = feed.raiseDayShards(eventKeys.dayShards(day), shards, expires + 86_400).catch((error: unknown) => {
      // Tried again by the next event.
      if (enteredDays.get(known)?.done === done) enteredDays.delete(known);
      throw error;
    });
    enteredDays.set(known, { shards, done });
    return done;
  }

  async function storeChunk(
    stamped: ReadonlyArray<{ event: ChangeEvent; stamp: number }>,
    shards: number,
  ): Promise<void> {
    for (const day of new Set(stamped.map(({ stamp }) => dayOfStamp(stamp))))
      await enterDay(day, shards, expiryOf(stamp0(stamped, day)));
    const placed = stamped.map(({ event, stamp }) => ({
      event,
      expires: expiryOf(stamp),
      item: eventKeys.feedItem(stamp, event.id, Math.floor(Math.random() * shards)),
    }));
    await feed.putFeedItems(
      placed.map(({ event, expires, item }) => ({ key: item, type: event.type, entity: event.entity, expires })),
    );
    // JSON text rather than a map: DynamoDB keeps no key order, and the object reads as its GET wrote it.
    await feed.putMarkers(
      placed.map(({ event, expires, item }) => ({
        key: eventKeys.marker(event.id),
        feed: item,
        event: JSON.stringify(event),
        expires,
      })),
    );
  }

  async function storeEventsOver(events: readonly ChangeEvent[], minShards: number): Promise<void> {
    if (events.length === 0) return;
    const shards = Math.max(minShards, shardsFor(countRate(rate, events.length, feed.now())));
    const stored = await feed.storedMarkers(events.map((event) => eventKeys.marker(event.id)));
    const seen = new Set<string>();
    const fresh = events.filter(
      (event) => !stored(eventKeys.marker(event.id)) && !seen.has(event.id) && seen.add(event.id),
    );
    const chunks = Array.from({ length: Math.ceil(fresh.length / CHUNK) }, (_, i) =>
      fresh.slice(i * CHUNK, (i + 1) * CHUNK),
    );
    await inBatches(chunks, PARALLEL_CHUNKS, (chunk) =>
      storeChunk(
        chunk.map((event) => ({ event, stamp: nextStamp(feed.now()) })),
        shards,
      ),
    );
  }

  return { storeEvents: (events) => storeEventsOver(events, 1), storeEventsOver };
}

/** The first stamp of `day` in a chunk (for the day index entry's expiry). */
const stamp0 = (stamped: ReadonlyArray<{ stamp: number }>, day: string) =>
  stamped.find(({ stamp }) => dayOfStamp(stamp) === day)!.stamp;
