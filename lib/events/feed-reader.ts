import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from '../db/client.js';
import type { ChangeEvent } from './change-event.js';
import {
  DAYS_PARTITION,
  dayEntryOf,
  dayOfStamp,
  EVENT_RETENTION_DAYS,
  eventIdOfKey,
  eventKeys,
  stampOfKey,
  stampText,
} from './event-keys.js';

const DAY_MS = 86_400_000;

/**
 * How far behind the clock the pull feed reads (ms). A consumer stamps an event just before its write
 * commits, so an event with an earlier stamp than one already visible can still appear for the duration of
 * a write; reading only below `now − settle` means a cursor never passes a position an event can still
 * land before. `EVENTS_SETTLE_MS`, default 3 s (writes take milliseconds; the SDK's retries stay well
 * inside it).
 */
export function settleMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.EVENTS_SETTLE_MS);
  return env.EVENTS_SETTLE_MS !== undefined && env.EVENTS_SETTLE_MS.trim() !== '' && Number.isInteger(n) && n >= 0
    ? n
    : 3000;
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

type Filter = { expression: string; names: Record<string, string>; values: Record<string, string> };

/**
 * One page of the pull feed: the stored events in sort-key (stamp, then id) order up to the settle horizon.
 * One Query of the day index names the days that hold events from the position on and how many shards each
 * uses (one for a day of few events); each such day's shards in use are merged by sort key (their first pages
 * read side by side) until the page is full, so a page reads about what it returns however many days the
 * retention spans. The events' bodies come from their markers (BatchGetItem).
 * Filters are FilterExpressions on the feed items (the walk's position still advances over what they leave out).
 */
export async function readFeed(query: FeedQuery): Promise<FeedPage> {
  const nowMs = query.nowMs ?? Date.now();
  const horizon = (nowMs - settleMs()) * 1000;
  const horizonKey = stampText(horizon);
  const firstStamp =
    query.after !== undefined ? stampOfKey(query.after) : (nowMs - EVENT_RETENTION_DAYS * DAY_MS) * 1000;
  // A cursor at or past this reader's horizon (issued by an instance whose clock runs ahead): nothing is settled after it yet.
  if (query.after !== undefined && query.after >= horizonKey) return { events: [], next: query.after, hasMore: false };
  const filter = feedFilter(query);
  const keys: string[] = [];
  for (const { day, shards } of await daysWithEvents(dayOfStamp(firstStamp), dayOfStamp(horizon))) {
    const after = query.after !== undefined && dayOfStamp(stampOfKey(query.after)) === day ? query.after : undefined;
    keys.push(...(await mergeShards({ day, shards }, after, horizonKey, query.limit - keys.length, filter)));
    if (keys.length === query.limit) return pageOf(keys, keys[keys.length - 1]!, true);
  }
  return pageOf(keys, horizonKey, false);

  async function pageOf(keys: string[], next: string, hasMore: boolean): Promise<FeedPage> {
    const read = await bodiesOf(keys, nowMs);
    if (read.complete) return { events: read.events, next, hasMore };
    // Up to the event still being written: the next walk continues before it (after the last key kept).
    const kept = keys[read.shown - 1] ?? query.after ?? stampText(firstStamp - 1);
    return { events: read.events, next: kept, hasMore: false };
  }
}

interface FeedDay {
  day: string;
  /** How many of its shards may hold events (shards 0 to shards − 1). */
  shards: number;
}

/**
 * The days from `first` to `last` (inclusive) that hold events, oldest first, each with its shards in use: one
 * Query of the day index (a day may have an entry of each layout: the larger count holds).
 */
async function daysWithEvents(first: string, last: string): Promise<FeedDay[]> {
  const days = new Map<string, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':pk': DAYS_PARTITION, ':first': first, ':last': `${last}~` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const { day, shards } = dayEntryOf(item);
      days.set(day, Math.max(days.get(day) ?? 0, shards));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return [...days].map(([day, shards]) => ({ day, shards }));
}

interface ShardWalk {
  pk: string;
  buffer: string[];
  start?: Record<string, unknown>;
  done: boolean;
}

/**
 * Up to `want` feed sort keys of one day after `after` and below the horizon, merged over the day's shards in use
 * in sort-key order. Each shard is read a page at a time; a shard whose page ran out is read on before its next
 * key is compared, so the merge never passes a key a shard still holds.
 */
async function mergeShards(
  { day, shards }: FeedDay,
  after: string | undefined,
  horizonKey: string,
  want: number,
  filter: Filter | undefined,
): Promise<string[]> {
  const perShard = filter ? 200 : Math.min(want, Math.max(8, Math.ceil((2 * want) / shards)));
  const walks: ShardWalk[] = Array.from({ length: shards }, (_, shard) => {
    const pk = eventKeys.feedPartition(day, shard);
    return { pk, buffer: [], start: after !== undefined ? { pk, sk: after } : undefined, done: false };
  });
  const fill = async (walk: ShardWalk) => {
    while (walk.buffer.length === 0 && !walk.done) {
      const page = await db().send(
        new QueryCommand({
          TableName: config().tableName,
          KeyConditionExpression: 'pk = :pk AND sk < :horizon',
          ExpressionAttributeValues: { ':pk': walk.pk, ':horizon': horizonKey, ...filter?.values },
          ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
          ProjectionExpression: 'sk',
          Limit: perShard,
          ConsistentRead: true,
          ExclusiveStartKey: walk.start,
        }),
      );
      walk.buffer = (page.Items ?? []).map((item) => String(item.sk));
      walk.start = page.LastEvaluatedKey;
      walk.done = page.LastEvaluatedKey === undefined;
    }
  };
  await Promise.all(walks.map(fill));
  const merged: string[] = [];
  while (merged.length < want) {
    let next: ShardWalk | undefined;
    for (const walk of walks) if (walk.buffer.length > 0 && (!next || walk.buffer[0]! < next.buffer[0]!)) next = walk;
    if (!next) break;
    merged.push(next.buffer.shift()!);
    if (next.buffer.length === 0) await fill(next);
  }
  return merged;
}

/**
 * A feed item whose marker is not there yet is taken for an event still being written (its marker follows its feed
 * item within milliseconds) while younger than this, and the page ends before it; older, it is left out (a marker
 * expired, or a write cut off and done again under a new stamp).
 */
const UNFINISHED_MS = 60_000;

/**
 * The events of feed sort keys, in that order: BatchGetItem of their markers, 100 keys a call. A feed item shows
 * its event only with the marker that names it (feed_sk): one its marker does not name was left by a write that
 * was cut off and done again, and the event shows at the other. `complete` is false when the keys had to be cut
 * before a feed item whose marker is still being written (`shown` keys were kept).
 */
async function bodiesOf(
  keys: readonly string[],
  nowMs: number,
): Promise<{ events: ChangeEvent[]; shown: number; complete: boolean }> {
  const markers = new Map<string, { event: string; feedSk?: string }>();
  const tableName = config().tableName;
  for (let i = 0; i < keys.length; i += 100) {
    // One key per event: an event stored again after a cut-off write has two feed items (BatchGetItem refuses duplicates).
    const ids = [...new Set(keys.slice(i, i + 100).map(eventIdOfKey))];
    let wanted: Array<Record<string, unknown>> | undefined = ids.map((id) => eventKeys.marker(id));
    while (wanted && wanted.length > 0) {
      const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: wanted,
              ProjectionExpression: 'pk, #event, feed_sk',
              ExpressionAttributeNames: { '#event': 'event' },
              ConsistentRead: true,
            },
          },
        }),
      );
      for (const item of Responses?.[tableName] ?? []) {
        markers.set(String(item.pk).slice('EVENTID#'.length), {
          event: String(item.event),
          feedSk: item.feed_sk === undefined ? undefined : String(item.feed_sk),
        });
      }
      wanted = UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  const events: ChangeEvent[] = [];
  for (const [n, sk] of keys.entries()) {
    const marker = markers.get(eventIdOfKey(sk));
    if (!marker) {
      if (stampOfKey(sk) > (nowMs - UNFINISHED_MS) * 1000) return { events, shown: n, complete: false };
      continue;
    }
    if (marker.feedSk === undefined || marker.feedSk === sk) events.push(JSON.parse(marker.event) as ChangeEvent);
  }
  return { events, shown: keys.length, complete: true };
}

function feedFilter(query: FeedQuery): Filter | undefined {
  const parts: string[] = [];
  const values: Record<string, string> = {};
  const names: Record<string, string> = {};
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
