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

/** The shard count this process has entered in the day index, by table and day (entries only ever grow). */
const enteredDays = new Map<string, number>();

/**
 * Enters a day in the day index with at least `shards` shards in use, before an event is written into them: one
 * UpdateItem that creates the entry or raises its count, never lowers it (the condition), and only when this
 * process has not entered as many for the day yet.
 */
async function enterDay(day: string, shards: number, expires: number): Promise<void> {
  const known = `${config().tableName}|${day}`;
  if ((enteredDays.get(known) ?? 0) >= shards) return;
  await db()
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
    .catch((error: unknown) => {
      // As many or more entered already (by another consumer).
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    });
  enteredDays.set(known, shards);
}

const expiryOf = (stamp: number) => Math.floor(stamp / 1_000_000) + EVENT_RETENTION_DAYS * 86_400;

/**
 * The event store's sink: each event becomes an id marker (with the event) and a small feed item in a random
 * shard of its day, in one transaction conditioned on the marker's absence, so storing an event twice (a
 * retried stream batch) stores it once. Stamps are taken in the batch's order before any write, so one
 * object's events keep their commit order; the days are entered in the day index, with the shards this
 * process's rate needs (one when quiet, so a reader Queries one), before their events are written.
 */
export const storeEvents: EventSink = (events) => storeEventsOver(events, 1);

/** storeEvents, over at least `minShards` shards of the day (the tests spread a few events over every shard). */
export async function storeEventsOver(events: readonly ChangeEvent[], minShards: number): Promise<void> {
  if (events.length === 0) return;
  const shards = Math.max(minShards, shardsFor(recentRate(events.length)));
  const stamped = events.map((event) => ({ event, stamp: nextStamp() }));
  const days = new Map(stamped.map(({ stamp }) => [dayOfStamp(stamp), expiryOf(stamp)]));
  for (const [day, expires] of days) await enterDay(day, shards, expires);
  await inBatches(stamped, WRITE_CONCURRENCY, ({ event, stamp }) => storeOne(event, stamp, Math.floor(Math.random() * shards)));
}

async function storeOne(event: ChangeEvent, stamp: number, shard: number): Promise<void> {
  const expires = expiryOf(stamp);
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
