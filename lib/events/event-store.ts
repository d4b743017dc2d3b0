import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from '../db/client.js';
import { TTL_ATTRIBUTE } from '../db/schema.js';
import { inBatches } from '../in-batches.js';
import { ConditionFailed, transactWrite } from '../db/transact.js';
import type { ChangeEvent, EventSink } from './change-event.js';
import { EVENT_RETENTION_DAYS, FEED_SHARDS, dayOfStamp, eventKeys, nextStamp } from './event-keys.js';

/** Events stored at once: each is its own small transaction, so a slow one delays no other. */
const WRITE_CONCURRENCY = 32;

/** The days this process has entered in the day index, by table (a day's entry is written once per process). */
const indexedDays = new Set<string>();

/** Enters a day in the day index (once per process; a conditional Put, so processes never overwrite each other). */
async function indexDay(day: string, expires: number): Promise<void> {
  const known = `${config().tableName}|${day}`;
  if (indexedDays.has(known)) return;
  await db()
    .send(
      new PutCommand({
        TableName: config().tableName,
        Item: { ...eventKeys.day(day), [TTL_ATTRIBUTE]: expires + 86_400 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    });
  indexedDays.add(known);
}

const expiryOf = (stamp: number) => Math.floor(stamp / 1_000_000) + EVENT_RETENTION_DAYS * 86_400;

/**
 * The event store's sink: each event becomes an id marker (with the event) and a small feed item in a random
 * shard of its day, in one transaction conditioned on the marker's absence, so storing an event twice (a
 * retried stream batch) stores it once. Stamps are taken in the batch's order before any write, so one
 * object's events keep their commit order; the days are indexed before their events are written.
 */
export const storeEvents: EventSink = async (events) => {
  const stamped = events.map((event) => ({ event, stamp: nextStamp() }));
  const days = new Map(stamped.map(({ stamp }) => [dayOfStamp(stamp), expiryOf(stamp)]));
  for (const [day, expires] of days) await indexDay(day, expires);
  await inBatches(stamped, WRITE_CONCURRENCY, ({ event, stamp }) => storeOne(event, stamp));
};

async function storeOne(event: ChangeEvent, stamp: number): Promise<void> {
  const expires = expiryOf(stamp);
  const tableName = config().tableName;
  const feedItem = eventKeys.feedItem(stamp, event.id, Math.floor(Math.random() * FEED_SHARDS));
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
