import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from '../db/client.js';
import { TTL_ATTRIBUTE } from '../db/schema.js';
import { inBatches } from '../in-batches.js';
import { ConditionFailed, transactWrite } from '../db/transact.js';
import type { ChangeEvent, EventSink } from './change-event.js';
import { EVENT_RETENTION_DAYS, FEED_SHARDS, dayOfStamp, eventKeys, nextStamp } from './event-keys.js';

/** Events stored at once: each is its own small transaction, so a slow one delays no other. */
const WRITE_CONCURRENCY = 32;

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
 * shard of its day, in one transaction conditioned on the marker's absence, so storing an event twice (a
 * retried stream batch) stores it once. Each event is stamped as its write starts — in the batch's order (the
 * writers take events in order and stamp before any await), so one object's events keep their commit order,
 * and never long before its write commits: a batch of a thousand takes seconds to write, and stamping it all
 * first would let a reader's settle horizon (EVENTS_SETTLE_MS) pass a stamp whose event is still unwritten.
 * The day is entered in the day index, with the shards this process's rate needs (one when quiet, so a reader
 * Queries one), before its first event in them.
 */
export const storeEvents: EventSink = (events) => storeEventsOver(events, 1);

/** storeEvents, over at least `minShards` shards of the day (the tests spread a few events over every shard). */
export async function storeEventsOver(events: readonly ChangeEvent[], minShards: number): Promise<void> {
  if (events.length === 0) return;
  const shards = Math.max(minShards, shardsFor(recentRate(events.length)));
  await inBatches(events, WRITE_CONCURRENCY, (event) => storeOne(event, nextStamp(), shards));
}

async function storeOne(event: ChangeEvent, stamp: number, shards: number): Promise<void> {
  const expires = expiryOf(stamp);
  await enterDay(dayOfStamp(stamp), shards, expires);
  const shard = Math.floor(Math.random() * shards);
  const tableName = config().tableName;
  const feedItem = eventKeys.feedItem(stamp, event.id, shard);
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          // JSON text rather than a map: DynamoDB keeps no key order, and the object reads as its GET wrote it.
          Item: { ...eventKeys.marker(event.id), feed_pk: feedItem.pk, feed_sk: feedItem.sk, event: JSON.stringify(event), [TTL_ATTRIBUTE]: expires },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: tableName, Item: { ...feedItem, type: event.type, entity: event.entity, [TTL_ATTRIBUTE]: expires } } },
    ]);
  } catch (error) {
    // The marker exists: this event was stored before (a redelivered stream record).
    if (error instanceof ConditionFailed) return;
    throw error;
  }
}
