import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from '../db/client.js';
import { TTL_ATTRIBUTE } from '../db/schema.js';
import { inBatches } from '../in-batches.js';
import { ConditionFailed, transactWrite } from '../db/transact.js';
import type { ChangeEvent, EventSink } from './change-event.js';
import { EVENT_RETENTION_DAYS, dayOfStamp, eventKeys, nextStamp, stampOfKey, stampText } from './event-keys.js';

const DAY_MS = 86_400_000;
/** Events stored at once: each is its own small transaction, so a slow one delays no other. */
const WRITE_CONCURRENCY = 16;

/**
 * How far behind the clock the pull feed reads (ms). A consumer stamps an event just before its write
 * commits, so an event with an earlier stamp than one already visible can still appear for the duration of
 * a write; reading only below `now − settle` means a cursor never passes a position an event can still
 * land before. `EVENTS_SETTLE_MS`, default 3 s (writes take milliseconds; the SDK's retries stay well
 * inside it).
 */
export function settleMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.EVENTS_SETTLE_MS);
  return env.EVENTS_SETTLE_MS !== undefined && env.EVENTS_SETTLE_MS.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : 3000;
}

/**
 * The event store's sink: each event becomes a feed item and an id marker, in one transaction conditioned
 * on the marker's absence, so storing an event twice (a retried stream batch) stores it once. Stamps are
 * taken in the batch's order before any write, so one object's events keep their commit order.
 */
export const storeEvents: EventSink = async (events) => {
  const stamped = events.map((event) => ({ event, stamp: nextStamp() }));
  await inBatches(stamped, WRITE_CONCURRENCY, ({ event, stamp }) => storeOne(event, stamp));
};

async function storeOne(event: ChangeEvent, stamp: number): Promise<void> {
  const expires = Math.floor(stamp / 1_000_000) + EVENT_RETENTION_DAYS * 86_400;
  const tableName = config().tableName;
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          Item: { ...eventKeys.marker(event.id), feed_sk: eventKeys.feedItem(stamp, event.id).sk, [TTL_ATTRIBUTE]: expires },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName,
          // JSON text rather than a map: DynamoDB keeps no key order, and the object reads as its GET wrote it.
          Item: { ...eventKeys.feedItem(stamp, event.id), type: event.type, entity: event.entity, event: JSON.stringify(event), [TTL_ATTRIBUTE]: expires },
        },
      },
    ]);
  } catch (error) {
    // The marker exists: this event was stored before (a redelivered stream record).
    if (error instanceof ConditionFailed) return;
    throw error;
  }
}

export interface FeedQuery {
  /** The sort key the walk continues after (from a cursor); from the start of the retention when absent. */
  after?: string;
  limit: number;
  /** Only these event types (`products.updated`); `<entity>.*` is written as the entity in `entities`. */
  types?: readonly string[];
  /** Only events of these entities. */
  entities?: readonly string[];
  nowMs?: number;
}

export interface FeedPage {
  events: ChangeEvent[];
  /** Where the next walk continues: after the last event shown, or after everything read when the page is not full. */
  next: string;
  /** The page is full, so more may follow at once; false: the walk reached the settled present. */
  hasMore: boolean;
}

/**
 * One page of the pull feed: the stored events in stamp order, day partition after day partition, up to the
 * settle horizon. Filters are FilterExpressions on the same partitions (the walk's position still advances
 * over what they leave out).
 */
export async function readFeed(query: FeedQuery): Promise<FeedPage> {
  const nowMs = query.nowMs ?? Date.now();
  const horizon = (nowMs - settleMs()) * 1000;
  const horizonKey = stampText(horizon);
  const firstStamp = query.after !== undefined ? stampOfKey(query.after) : (nowMs - EVENT_RETENTION_DAYS * DAY_MS) * 1000;
  const events: ChangeEvent[] = [];
  const filter = feedFilter(query);
  for (const day of daysBetween(dayOfStamp(firstStamp), dayOfStamp(horizon))) {
    const pk = eventKeys.feedPartition(day);
    let startKey: Record<string, unknown> | undefined = query.after !== undefined && dayOfStamp(stampOfKey(query.after)) === day ? { pk, sk: query.after } : undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: config().tableName,
          KeyConditionExpression: 'pk = :pk AND sk < :horizon',
          ExpressionAttributeValues: { ':pk': pk, ':horizon': horizonKey, ...filter?.values },
          ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
          ProjectionExpression: 'sk, #event',
          ...(filter ? {} : { ExpressionAttributeNames: { '#event': 'event' } }),
          Limit: filter ? 200 : query.limit - events.length,
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        events.push(JSON.parse(String(item.event)) as ChangeEvent);
        if (events.length === query.limit) return { events, next: String(item.sk), hasMore: true };
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return { events, next: horizonKey, hasMore: false };
}

function feedFilter(query: FeedQuery): { expression: string; names: Record<string, string>; values: Record<string, string> } | undefined {
  const parts: string[] = [];
  const values: Record<string, string> = {};
  const names: Record<string, string> = { '#event': 'event' };
  const anyOf = (attribute: string, list: readonly string[] | undefined) => {
    if (!list || list.length === 0) return;
    names[`#${attribute}`] = attribute;
    const slots = list.map((value, i) => {
      values[`:${attribute}${i}`] = value;
      return `:${attribute}${i}`;
    });
    parts.push(`#${attribute} IN (${slots.join(', ')})`);
  };
  anyOf('type', query.types);
  anyOf('entity', query.entities);
  if (parts.length === 0) return undefined;
  // `type` and `entity` filters given together: an event matching either (`orders.created` and `products`).
  return { expression: parts.join(' OR '), names, values };
}

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
