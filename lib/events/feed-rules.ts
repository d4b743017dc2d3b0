import type { ChangeEvent } from './change-event.js';
import { FEED_SHARDS, stampOfKey } from './event-keys.js';

/**
 * The change feed's pure rules, apart from its storage (lib/db/feed-store.ts) so that each is tested alone
 * (test/unit/feed-rules.test.ts): how many shards a writer's rate needs, and which events a page of feed keys shows.
 */

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

/** A writer's events of the current second (from `windowStart`, ms) and of the one before. */
export interface RateWindow {
  windowStart: number;
  current: number;
  previous: number;
}

/**
 * Counts `adding` events at `nowMs` into the window (starting a new second when one has passed; the one before
 * counts only when it was the second just past) and answers the recent rate: the larger of the two seconds.
 */
export function countRate(window: RateWindow, adding: number, nowMs: number): number {
  if (nowMs - window.windowStart >= 1000) {
    window.previous = nowMs - window.windowStart < 2000 ? window.current : 0;
    window.current = 0;
    window.windowStart = nowMs;
  }
  window.current += adding;
  return Math.max(window.current, window.previous);
}

/**
 * A feed item whose marker is not there yet is taken for an event still being written (its marker follows its feed
 * item within milliseconds) while younger than this, and the page ends before it; older, it is left out (a marker
 * expired, or a write cut off and done again under a new stamp).
 */
export const UNFINISHED_MS = 60_000;

/** What a page's feed keys show: the events, how many keys were kept, and whether none had to be cut. */
export interface ShownEvents {
  events: ChangeEvent[];
  shown: number;
  complete: boolean;
}

/**
 * The events of feed sort keys, in that order, given their markers (by event id). A feed item shows its event only
 * with the marker that names it (feed_sk): one its marker does not name was left by a write that was cut off and
 * done again, and the event shows at the other. `complete` is false when the keys had to be cut before a feed item
 * whose marker is still being written (`shown` keys were kept).
 */
export function shownEvents(
  keys: readonly string[],
  markerOf: (sk: string) => { event: string; feedSk?: string } | undefined,
  nowMs: number,
): ShownEvents {
  const events: ChangeEvent[] = [];
  for (const [n, sk] of keys.entries()) {
    const marker = markerOf(sk);
    if (!marker) {
      if (stampOfKey(sk) > (nowMs - UNFINISHED_MS) * 1000) return { events, shown: n, complete: false };
      continue;
    }
    if (marker.feedSk === undefined || marker.feedSk === sk) events.push(JSON.parse(marker.event) as ChangeEvent);
  }
  return { events, shown: keys.length, complete: true };
}
