import type { FeedFilter, FeedStore, MarkerBody } from '../db/feed-store.js';
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
import { type ShownEvents, shownEvents } from './feed-rules.js';

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
  /** The reader's clock (ms); the feed store's when absent. */
  nowMs?: number;
}

export interface FeedPage {
  events: ChangeEvent[];
  /** Where the next walk continues: after the last event shown, or after everything read when the page is not full. */
  next: string;
  /** The page is full, so more may follow at once; false: the walk reached the settled present. */
  hasMore: boolean;
}

/** Reads one page of the pull feed. */
export type FeedReader = (query: FeedQuery) => Promise<FeedPage>;

/**
 * The pull feed over a feed store (lib/db/feed-store.ts): one page is the stored events in sort-key (stamp, then id)
 * order up to the settle horizon. One Query of the day index names the days that hold events from the position on
 * and how many shards each uses (one for a day of few events); each such day's shards in use are merged by sort key
 * (their first pages read side by side) until the page is full, so a page reads about what it returns however many
 * days the retention spans. The events' bodies come from their markers (BatchGetItem).
 * Filters are FilterExpressions on the feed items (the walk's position still advances over what they leave out).
 */
export function feedReaderOver(feed: FeedStore): FeedReader {
  return async (query) => {
    const nowMs = query.nowMs ?? feed.now();
    const horizon = (nowMs - settleMs()) * 1000;
    const horizonKey = stampText(horizon);
    const firstStamp =
      query.after !== undefined ? stampOfKey(query.after) : (nowMs - EVENT_RETENTION_DAYS * DAY_MS) * 1000;
    // A cursor at or past this reader's horizon (issued by an instance whose clock runs ahead): nothing is settled after it yet.
    if (query.after !== undefined && query.after >= horizonKey)
      return { events: [], next: query.after, hasMore: false };
    const filter = feedFilter(query);
    const keys: string[] = [];
    for (const { day, shards } of await daysWithEvents(feed, dayOfStamp(firstStamp), dayOfStamp(horizon))) {
      const after = query.after !== undefined && dayOfStamp(stampOfKey(query.after)) === day ? query.after : undefined;
      keys.push(...(await mergeShards(feed, { day, shards }, after, horizonKey, query.limit - keys.length, filter)));
      if (keys.length === query.limit) return pageOf(keys, keys[keys.length - 1]!, true);
    }
    return pageOf(keys, horizonKey, false);

    async function pageOf(keys: string[], next: string, hasMore: boolean): Promise<FeedPage> {
      const read = await bodiesOf(feed, keys, nowMs);
      if (read.complete) return { events: read.events, next, hasMore };
      // Up to the event still being written: the next walk continues before it (after the last key kept).
      const kept = keys[read.shown - 1] ?? query.after ?? stampText(firstStamp - 1);
      return { events: read.events, next: kept, hasMore: false };
    }
  };
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
async function daysWithEvents(feed: FeedStore, first: string, last: string): Promise<FeedDay[]> {
  const days = new Map<string, number>();
  for (const entry of await feed.dayEntries(DAYS_PARTITION, first, `${last}~`)) {
    const { day, shards } = dayEntryOf(entry);
    days.set(day, Math.max(days.get(day) ?? 0, shards));
  }
  return [...days].map(([day, shards]) => ({ day, shards }));
}

interface ShardWalk {
  pk: string;
  buffer: string[];
  /** The sort key the shard's next page starts after. */
  after?: string;
  done: boolean;
}

/**
 * Up to `want` feed sort keys of one day after `after` and below the horizon, merged over the day's shards in use
 * in sort-key order. Each shard is read a page at a time; a shard whose page ran out is read on before its next
 * key is compared, so the merge never passes a key a shard still holds.
 */
async function mergeShards(
  feed: FeedStore,
  { day, shards }: FeedDay,
  after: string | undefined,
  horizonKey: string,
  want: number,
  filter: FeedFilter | undefined,
): Promise<string[]> {
  const perShard = filter ? 200 : Math.min(want, Math.max(8, Math.ceil((2 * want) / shards)));
  const walks: ShardWalk[] = Array.from({ length: shards }, (_, shard) => {
    const pk = eventKeys.feedPartition(day, shard);
    return { pk, buffer: [], after, done: false };
  });
  const fill = async (walk: ShardWalk) => {
    while (walk.buffer.length === 0 && !walk.done) {
      const page = await feed.feedKeys(walk.pk, horizonKey, { after: walk.after, limit: perShard, filter });
      walk.buffer = page.keys;
      walk.after = page.last;
      walk.done = page.last === undefined;
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
 * The events of feed sort keys, in that order (lib/events/feed-rules.ts shownEvents), from their markers: one
 * BatchGetItem per 100 keys.
 */
async function bodiesOf(feed: FeedStore, keys: readonly string[], nowMs: number): Promise<ShownEvents> {
  const markers = new Map<string, MarkerBody>();
  for (let i = 0; i < keys.length; i += 100) {
    // One key per event: an event stored again after a cut-off write has two feed items (BatchGetItem refuses duplicates).
    const ids = [...new Set(keys.slice(i, i + 100).map(eventIdOfKey))];
    const bodies = await feed.markerBodies(ids.map((id) => eventKeys.marker(id)));
    for (const id of ids) {
      const body = bodies.get(eventKeys.marker(id).pk);
      if (body) markers.set(id, body);
    }
  }
  return shownEvents(keys, (sk) => markers.get(eventIdOfKey(sk)), nowMs);
}

/** The query's filter for the feed store; undefined when it names no type and no entity. */
function feedFilter(query: FeedQuery): FeedFilter | undefined {
  const named = (list: readonly string[] | undefined) => list !== undefined && list.length > 0;
  return named(query.types) || named(query.entities) ? { types: query.types, entities: query.entities } : undefined;
}
