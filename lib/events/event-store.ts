import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { batchGet } from '../db/batch-get.js';
import { putItems } from '../db/batch-write.js';
import { db } from '../db/client.js';
import { TTL_ATTRIBUTE } from '../db/schema.js';
import { inBatches } from '../in-batches.js';
import type { ChangeEvent, EventSink } from './change-event.js';
import { dayOfStamp, EVENT_RETENTION_DAYS, eventKeys, FEED_SHARDS, nextStamp } from './event-keys.js';

/** Events per chunk: a BatchWriteItem of their feed items, then one of their markers. */
const CHUNK = 25;
/** Chunks written side by side. */
const PARALLEL_CHUNKS = 4;

/**
 * Events a second one consumer process writes into one shard before it spreads over more: a fifth of what a shard
 * key takes (500/s), so several consumers (one per stream shard, deployed) writing at this rate stay below it.
 */
export const EVENTS_PER_SHARD_SECOND = 100;

/** The shards a rate needs: a power of two from 1 to FEED_SHARDS. */
export function shardsFor(eventsPerSecond: number): number {
  let shards = 1;
  while (shards < FEED_SHARDS && shards * EVENTS_PER_SHARD_SECOND < eventsPerSecond) shards *= 2;
  return shards;
}

/** This process's events of the current second and of the one before (its recent rate). */
const rate = { windowStart: 0, current: 0, previous: 0 };

function recentRate(adding: number, nowMs = Date.now()): number {
  if (nowMs - rate.windowStart >= 1000) {
    rate.previous = nowMs - rate.windowStart < 2000 ? rate.current : 0;
    rate.current = 0;
    rate.windowStart = nowMs;
  }
  rate.current += adding;
  return Math.max(rate.current, rate.previous);
}

/** What this process has entered in the day index, by table and day: the shard count (entries only ever grow). */
const enteredDays = new Map<string, { shards: number; done: Promise<void> }>();

/**
 * Enters a day in the day index with at least `shards` shards in use, before an event is written into them: one
 * UpdateItem that creates the entry or raises its count, never lowers it (the condition), and only when this
 * process has not entered as many for the day yet (the writers of a batch share the one call).
 */
function enterDay(day: string, shards: number, expires: number): Promise<void> {
  const known = `${config().tableName}|${day}`;
  const entered = enteredDays.get(known);
  if (entered && entered.shards >= shards) return entered.done;
  const done = db()
    .send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: eventKeys.dayShards(day),
        UpdateExpression: 'SET shards = :shards, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(shards) OR shards < :shards',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':shards': shards, ':ttl': expires + 86_400 },
      }),
    )
    .then(
      () => undefined,
      (error: unknown) => {
        // As many or more entered already (by another consumer). Anything else: tried again by the next event.
        if ((error as Error).name === 'ConditionalCheckFailedException') return;
        if (enteredDays.get(known)?.done === done) enteredDays.delete(known);
        throw error;
      },
    );
  enteredDays.set(known, { shards, done });
  return done;
}

const expiryOf = (stamp: number) => Math.floor(stamp / 1_000_000) + EVENT_RETENTION_DAYS * 86_400;

/**
 * The event store's sink: each event becomes an id marker (with the event) and a small feed item in a random
 * shard of its day among those in use. Events whose marker exists already (a retried stream batch) are skipped:
 * one BatchGetItem of the batch's markers. The others are written in chunks of 25 — the chunk's feed items in one
 * BatchWriteItem, then its markers in another, each marker naming its feed item. A feed item is shown only with
 * the marker that names it (lib/events/feed-reader.ts), so a chunk cut off between the two writes leaves a feed
 * item no reader shows, and the batch handed over again stores the event anew: stored once, never lost.
 *
 * Each chunk is stamped as its writes start — in the batch's order (the chunks are taken in order and stamped
 * before any await), so one object's events keep their commit order, and never long before they are written: a
 * batch of a thousand takes seconds to write, and stamping it all first would let a reader's settle horizon
 * (EVENTS_SETTLE_MS) pass a stamp whose event is still unwritten. The day is entered in the day index, with the
 * shards this process's rate needs (one when quiet, so a reader Queries one), before its first event in them.
 */
export const storeEvents: EventSink = (events) => storeEventsOver(events, 1);

/** storeEvents, over at least `minShards` shards of the day (the tests spread a few events over every shard). */
export async function storeEventsOver(events: readonly ChangeEvent[], minShards: number): Promise<void> {
  if (events.length === 0) return;
  const shards = Math.max(minShards, shardsFor(recentRate(events.length)));
  const markerOf = await batchGet(events.map((event) => eventKeys.marker(event.id)));
  const seen = new Set<string>();
  const fresh = events.filter(
    (event) => !markerOf(eventKeys.marker(event.id)) && !seen.has(event.id) && seen.add(event.id),
  );
  const chunks = Array.from({ length: Math.ceil(fresh.length / CHUNK) }, (_, i) =>
    fresh.slice(i * CHUNK, (i + 1) * CHUNK),
  );
  await inBatches(chunks, PARALLEL_CHUNKS, (chunk) =>
    storeChunk(
      chunk.map((event) => ({ event, stamp: nextStamp() })),
      shards,
    ),
  );
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
  await putItems(
    placed.map(({ event, expires, item }) => ({
      ...item,
      type: event.type,
      entity: event.entity,
      [TTL_ATTRIBUTE]: expires,
    })),
  );
  // JSON text rather than a map: DynamoDB keeps no key order, and the object reads as its GET wrote it.
  await putItems(
    placed.map(({ event, expires, item }) => ({
      ...eventKeys.marker(event.id),
      feed_pk: item.pk,
      feed_sk: item.sk,
      event: JSON.stringify(event),
      [TTL_ATTRIBUTE]: expires,
    })),
  );
}

/** The first stamp of `day` in a chunk (for the day index entry's expiry). */
const stamp0 = (stamped: ReadonlyArray<{ stamp: number }>, day: string) =>
  stamped.find(({ stamp }) => dayOfStamp(stamp) === day)!.stamp;
