import type { DayEntry, EventMarker, FeedItem, FeedStore, MarkerBody } from '../../lib/db/feed-store.js';
import type { ItemKey } from '../../lib/db/joined-reads.js';

/**
 * A FeedStore (lib/db/feed-store.ts) in memory, for unit tests of lib/events over the port: items by partition,
 * each partition's sort keys read in order. A Query's Limit counts the items it evaluates before the filter, as
 * DynamoDB's does, so a filtered walk pages as it does on the table. `calls` names each storage step taken.
 */
export interface MemoryFeedStore extends FeedStore {
  calls: string[];
  /** The items of a partition, by sort key. */
  partition(pk: string): Map<string, Record<string, unknown>>;
  /** Moves the clock. */
  setNow(ms: number): void;
}

export function memoryFeedStore(startMs: number): MemoryFeedStore {
  const partitions = new Map<string, Map<string, Record<string, unknown>>>();
  const partition = (pk: string) => {
    let items = partitions.get(pk);
    if (!items) partitions.set(pk, (items = new Map()));
    return items;
  };
  const get = (key: ItemKey) => partitions.get(key.pk)?.get(key.sk);
  const sortedKeys = (pk: string) => [...partition(pk).keys()].sort();
  let nowMs = startMs;
  const calls: string[] = [];
  return {
    calls,
    partition,
    setNow: (ms) => {
      nowMs = ms;
    },
    tableName: 'memory',
    now: () => nowMs,
    async storedMarkers(keys) {
      calls.push('storedMarkers');
      const found = new Set(keys.filter((key) => get(key)).map((key) => `${key.pk}|${key.sk}`));
      return (key) => found.has(`${key.pk}|${key.sk}`);
    },
    async raiseDayShards(key, shards, ttl) {
      calls.push('raiseDayShards');
      const entry = get(key);
      if (entry && Number(entry.shards) >= shards) return;
      partition(key.pk).set(key.sk, { ...key, shards, ttl });
    },
    async putFeedItems(items: readonly FeedItem[]) {
      calls.push('putFeedItems');
      for (const { key, type, entity } of items) partition(key.pk).set(key.sk, { ...key, type, entity });
    },
    async putMarkers(markers: readonly EventMarker[]) {
      calls.push('putMarkers');
      for (const { key, feed, event } of markers)
        partition(key.pk).set(key.sk, { ...key, feed_pk: feed.pk, feed_sk: feed.sk, event });
    },
    async dayEntries(pk, first, last) {
      calls.push('dayEntries');
      return sortedKeys(pk)
        .filter((sk) => sk >= first && sk <= last)
        .map((sk): DayEntry => ({ sk, shards: partition(pk).get(sk)!.shards }));
    },
    async feedKeys(pk, below, { after, limit, filter }) {
      calls.push('feedKeys');
      const range = sortedKeys(pk).filter((sk) => sk < below && (after === undefined || sk > after));
      const evaluated = range.slice(0, limit);
      const matches = (sk: string) => {
        if (!filter) return true;
        const item = partition(pk).get(sk)!;
        return (
          (filter.types ?? []).includes(String(item.type)) || (filter.entities ?? []).includes(String(item.entity))
        );
      };
      const more = range.length > limit;
      return { keys: evaluated.filter(matches), ...(more ? { last: evaluated[evaluated.length - 1] } : {}) };
    },
    async markerBodies(keys) {
      calls.push('markerBodies');
      const bodies = new Map<string, MarkerBody>();
      for (const key of keys) {
        const item = get(key);
        if (item) bodies.set(key.pk, { event: String(item.event), feedSk: item.feed_sk as string | undefined });
      }
      return bodies;
    },
  };
}
