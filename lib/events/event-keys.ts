/**
 * Keys of the event store (docs/data-model.md, "Events"): the pull feed's items, one id marker per event and
 * the index of the days that hold events.
 *
 * - feed item: `EVENTS#<UTC day of its stamp>#<shard>` / `<stamp, 16 digits>#<event id>`, with the event's
 *   `type` and `entity` only (small: the write units a shard key takes per event stay at 2). The shard is
 *   chosen at random out of FEED_SHARDS, so no key takes every event: each shard holds its share of a day in
 *   stamp order, and a reader merges the shards by sort key — which is commit order for one object (the
 *   stream orders an item's changes, and the consumer stamps them in that order).
 * - id marker: `EVENTID#<event id>` / `EVENTID`, holding the event's JSON and the feed item's key: written in
 *   the same transaction with a condition that it does not exist, so a redelivered stream record is stored
 *   once; a page reads the bodies of the events it shows from their markers (BatchGetItem).
 * - day index: `EVENTDAYS` / `<day>#shards`, holding how many of the day's shards hold events (`shards`, only
 *   ever raised): written before a consumer process first writes into that many shards of the day, so a page
 *   Queries only the days that hold events and only their shards in use. A day entered as `EVENTDAYS` / `<day>`
 *   (before 2026-11-26, or by a consumer of that code) has events in all FEED_SHARDS.
 *
 * A stamp is microseconds since the epoch, strictly increasing within one consumer.
 */
const STAMP_WIDTH = 16;

export const EVENT_RETENTION_DAYS = 30;

/**
 * The most shards of a day's feed. Each event costs its shard key 2 write units (a transactional Put of an item
 * under 1 KB), so one shard key takes 500 events/s at DynamoDB's 1,000 write units per second and key; 16 shards
 * allow 8,000 events/s store-wide. A consumer uses as few as its rate needs (lib/events/event-store.ts), and the
 * day index says how many a reader merges.
 */
export const FEED_SHARDS = 16;

export const DAYS_PARTITION = 'EVENTDAYS';

export const eventKeys = {
  feedPartition: (day: string, shard: number) => `EVENTS#${day}#${String(shard).padStart(2, '0')}`,
  feedItem: (stamp: number, eventId: string, shard: number) => ({
    pk: eventKeys.feedPartition(dayOfStamp(stamp), shard),
    sk: `${stampText(stamp)}#${eventId}`,
  }),
  marker: (eventId: string) => ({ pk: `EVENTID#${eventId}`, sk: 'EVENTID' }),
  /** A day's entry in the day index (with `shards`, the number of its shards that may hold events). */
  dayShards: (day: string) => ({ pk: DAYS_PARTITION, sk: `${day}#shards` }),
} as const;

export function stampText(stamp: number): string {
  return String(stamp).padStart(STAMP_WIDTH, '0');
}

/** `2026-11-25`: the day a stamp (µs) falls in. */
export function dayOfStamp(stamp: number): string {
  return new Date(Math.floor(stamp / 1000)).toISOString().slice(0, 10);
}

/**
 * The day and shard count of a day index item: `<day>#shards` holds its count; a plain `<day>` (the layout before
 * the count) stands for every shard.
 */
export function dayEntryOf(item: Record<string, unknown>): { day: string; shards: number } {
  const sk = String(item.sk);
  const day = sk.slice(0, 10);
  const shards = sk === day ? FEED_SHARDS : Number(item.shards);
  return { day, shards: Number.isInteger(shards) && shards >= 1 && shards <= FEED_SHARDS ? shards : FEED_SHARDS };
}

/** The stamp a feed sort key starts with. */
export function stampOfKey(sk: string): number {
  return Number(sk.slice(0, STAMP_WIDTH));
}

/** The event id a feed sort key ends with. */
export function eventIdOfKey(sk: string): string {
  return sk.slice(STAMP_WIDTH + 1);
}

/**
 * A writer's stamps (each event store holds one: lib/events/event-store.ts): the next is the clock in µs, but never
 * equal to or below the one before.
 */
export function stampSequence(): (nowMs: number) => number {
  let lastStamp = 0;
  return (nowMs) => {
    lastStamp = Math.max(nowMs * 1000, lastStamp + 1);
    return lastStamp;
  };
}
