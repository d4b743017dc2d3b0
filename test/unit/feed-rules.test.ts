/**
 * The change feed's pure rules (lib/events/feed-rules.ts), and the event store and feed reader of lib/events over
 * the FeedStore port's memory double (test/support/memory-feed-store.ts): no DynamoDB. The same walk on DynamoDB
 * Local is test/integration/event-feed-shards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { DAYS_PARTITION, eventKeys, FEED_SHARDS, stampText } from '../../lib/events/event-keys.js';
import { eventStoreOver } from '../../lib/events/event-store.js';
import { type FeedReader, feedReaderOver } from '../../lib/events/feed-reader.js';
import { countRate, type RateWindow, shownEvents, UNFINISHED_MS } from '../../lib/events/feed-rules.js';
import { memoryFeedStore } from '../support/memory-feed-store.js';

const NOW = Date.parse('2026-11-29T08:00:00Z');

function event(i: number, entity = 'pages'): ChangeEvent {
  return {
    id: `evt_${String(i).padStart(32, '0')}`,
    type: `${entity}.updated`,
    entity,
    action: 'updated',
    object_id: String(i),
    company_id: null,
    created_at: new Date(NOW).toISOString(),
    data: { object: { id: i }, changed_fields: ['id'] },
  };
}

describe("a writer's recent rate", () => {
  it('counts this second, keeps the second just past, and forgets an older one', () => {
    const window: RateWindow = { windowStart: 0, current: 0, previous: 0 };
    expect(countRate(window, 30, NOW)).toBe(30);
    expect(countRate(window, 20, NOW + 999)).toBe(50);
    // A new second: the one past still counts (the larger of the two).
    expect(countRate(window, 10, NOW + 1000)).toBe(50);
    expect(countRate(window, 70, NOW + 1500)).toBe(80);
    // Two seconds later: the one before is not the second just past, so it counts nothing.
    expect(countRate(window, 5, NOW + 3100)).toBe(5);
  });
});

describe('the events a page of feed keys shows', () => {
  const key = (stampMs: number, i: number) => `${stampText(stampMs * 1000)}#${event(i).id}`;
  const marker = (i: number, feedSk?: string) => ({ event: JSON.stringify(event(i)), feedSk });

  it('each with the marker that names its feed item; one its marker does not name is left out', () => {
    const keys = [key(NOW - 5000, 1), key(NOW - 4000, 2), key(NOW - 3000, 3)];
    const markers = new Map([
      [keys[0]!, marker(1, keys[0])],
      // Stored again after a cut-off write: the marker names another feed item.
      [keys[1]!, marker(2, 'another')],
      // A marker written before markers named their feed item.
      [keys[2]!, marker(3)],
    ]);
    const shown = shownEvents(keys, (sk) => markers.get(sk), NOW);
    expect(shown).toEqual({ events: [event(1), event(3)], shown: 3, complete: true });
  });

  it('cut before a feed item whose marker is still being written; past UNFINISHED_MS such an item is skipped', () => {
    const young = [key(NOW - 5000, 1), key(NOW - 1000, 2), key(NOW - 500, 3)];
    const markers = new Map([
      [young[0]!, marker(1, young[0])],
      [young[2]!, marker(3, young[2])],
    ]);
    expect(shownEvents(young, (sk) => markers.get(sk), NOW)).toEqual({
      events: [event(1)],
      shown: 1,
      complete: false,
    });
    const later = NOW + UNFINISHED_MS;
    expect(shownEvents(young, (sk) => markers.get(sk), later)).toEqual({
      events: [event(1), event(3)],
      shown: 3,
      complete: true,
    });
  });
});

describe('the event store and the reader over a memory feed store', () => {
  /** Every page after `after` (read a minute on, past the settle horizon). */
  async function walk(read: FeedReader, limit: number, entities?: string[]): Promise<ChangeEvent[]> {
    const seen: ChangeEvent[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await read({ after, limit, entities, nowMs: NOW + 60_000 });
      seen.push(...page.events);
      after = page.next;
      if (!page.hasMore) return seen;
    }
  }

  it('merges every shard back into stored order, page after page, each event once; a batch stored again adds nothing', async () => {
    const feed = memoryFeedStore(NOW);
    const store = eventStoreOver(feed);
    const events = Array.from({ length: 5 * FEED_SHARDS }, (_, i) => event(i, i % 3 === 0 ? 'orders' : 'pages'));
    await store.storeEventsOver(events.slice(0, 30), FEED_SHARDS);
    await store.storeEventsOver(events.slice(30), FEED_SHARDS);
    const day = new Date(NOW).toISOString().slice(0, 10);
    expect(feed.partition(DAYS_PARTITION).get(`${day}#shards`)).toMatchObject({ shards: FEED_SHARDS });
    const used = Array.from({ length: FEED_SHARDS }, (_, shard) => feed.partition(eventKeys.feedPartition(day, shard)));
    expect(used.reduce((sum, items) => sum + items.size, 0)).toBe(events.length);
    expect(used.filter((items) => items.size > 0).length).toBeGreaterThan(1);

    feed.calls.length = 0;
    await store.storeEvents(events.slice(10, 20));
    expect(feed.calls).toEqual(['storedMarkers']);

    const read = feedReaderOver(feed);
    for (const limit of [1, 7, 250])
      expect((await walk(read, limit)).map((e) => e.id)).toEqual(events.map((e) => e.id));
    // A filter leaves events out, never the walk's position: the rest in order.
    const pages = events.filter((e) => e.entity === 'pages').map((e) => e.id);
    for (const limit of [3, 250]) expect((await walk(read, limit, ['pages'])).map((e) => e.id)).toEqual(pages);
  });

  it('a quiet writer enters its day with one shard, and the reader reads only that one', async () => {
    const feed = memoryFeedStore(NOW);
    await eventStoreOver(feed).storeEvents([event(1), event(2)]);
    const day = new Date(NOW).toISOString().slice(0, 10);
    expect(feed.partition(DAYS_PARTITION).get(`${day}#shards`)).toMatchObject({ shards: 1 });
    feed.calls.length = 0;
    const page = await feedReaderOver(feed)({ limit: 10, nowMs: NOW + 60_000 });
    expect(page.events.map((e) => e.id)).toEqual([event(1).id, event(2).id]);
    expect(feed.calls).toEqual(['dayEntries', 'feedKeys', 'markerBodies']);
  });

  it('reads with the store clock when the query names none: nothing is settled before EVENTS_SETTLE_MS', async () => {
    const feed = memoryFeedStore(NOW);
    await eventStoreOver(feed).storeEvents([event(1)]);
    const read = feedReaderOver(feed);
    expect((await read({ limit: 10 })).events).toEqual([]);
    feed.setNow(NOW + 10_000);
    expect((await read({ limit: 10 })).events).toEqual([event(1)]);
  });
});
