/**
 * Keys of the event store (docs/data-model.md, "Events"): the pull feed's items and one id marker per event.
 *
 * - feed item: `EVENTS#<UTC day of its stamp>` / `<stamp, 16 digits>#<event id>`: a day's events in the
 *   order they were stored, which for one object is its commit order (the stream orders an item's changes,
 *   and the consumer stamps them in that order);
 * - id marker: `EVENTID#<event id>` / `EVENTID`: written in the same transaction, so a redelivered stream
 *   record is stored once.
 *
 * A stamp is microseconds since the epoch, strictly increasing within one consumer.
 */
const STAMP_WIDTH = 16;

export const EVENT_RETENTION_DAYS = 30;

export const eventKeys = {
  feedPartition: (day: string) => `EVENTS#${day}`,
  feedItem: (stamp: number, eventId: string) => ({ pk: eventKeys.feedPartition(dayOfStamp(stamp)), sk: `${stampText(stamp)}#${eventId}` }),
  marker: (eventId: string) => ({ pk: `EVENTID#${eventId}`, sk: 'EVENTID' }),
} as const;

export function stampText(stamp: number): string {
  return String(stamp).padStart(STAMP_WIDTH, '0');
}

/** `2026-11-25`: the feed partition a stamp (µs) falls in. */
export function dayOfStamp(stamp: number): string {
  return new Date(Math.floor(stamp / 1000)).toISOString().slice(0, 10);
}

/** The stamp a feed sort key starts with. */
export function stampOfKey(sk: string): number {
  return Number(sk.slice(0, STAMP_WIDTH));
}

let lastStamp = 0;

/** The next stamp of this process: the clock in µs, but never equal to or below the previous one. */
export function nextStamp(nowMs = Date.now()): number {
  lastStamp = Math.max(nowMs * 1000, lastStamp + 1);
  return lastStamp;
}
