import { describe, expect, it } from 'vitest';
import { type HostileFigures, hostileFeedReport } from '../../bench/lib/hostile-feed.js';
import { DAYS_PARTITION, dayEntryOf, eventKeys, FEED_SHARDS } from '../../lib/events/event-keys.js';
import { EVENTS_PER_SHARD_SECOND, shardsFor } from '../../lib/events/feed-rules.js';

describe("the feed's shards in use", () => {
  it('one for a quiet consumer, doubling with its rate, never more than FEED_SHARDS', () => {
    expect(shardsFor(0)).toBe(1);
    expect(shardsFor(EVENTS_PER_SHARD_SECOND)).toBe(1);
    expect(shardsFor(EVENTS_PER_SHARD_SECOND + 1)).toBe(2);
    expect(shardsFor(3 * EVENTS_PER_SHARD_SECOND)).toBe(4);
    expect(shardsFor(1e9)).toBe(FEED_SHARDS);
  });

  it("reads a day's count from its index entry; an entry of the layout before the count stands for every shard", () => {
    expect(dayEntryOf({ ...eventKeys.dayShards('2026-11-26'), shards: 2 })).toEqual({ day: '2026-11-26', shards: 2 });
    expect(dayEntryOf({ pk: DAYS_PARTITION, sk: '2026-11-25' })).toEqual({ day: '2026-11-25', shards: FEED_SHARDS });
    for (const shards of [0, 17, 'x', undefined])
      expect(dayEntryOf({ ...eventKeys.dayShards('2026-11-26'), shards }).shards).toBe(FEED_SHARDS);
  });
});

describe('the hostile receivers bench report (bench/lib/hostile-feed.ts)', () => {
  it('says each round with its load average and the ratio row against the 2× goal', () => {
    const run = (hanging: number, delivered: number, lag: number, loadAverage: number) => ({
      hanging,
      deliveredMs: { median: delivered / 2, p99: delivered },
      feedLagMs: { median: lag / 2, p99: lag },
      loadAverage,
    });
    const figures: HostileFigures = {
      writes: 60,
      perSecond: 10,
      rounds: [{ calm: run(0, 400, 3600, 12.5), hostile: run(10, 500, 4000, 14) }],
      ratio: { deliveredP99: 1.25, feedLagP99: 1.11 },
    };
    const text = hostileFeedReport(figures).join('\n');
    expect(text).toContain(
      'round 1, healthy receiver, commit → delivered: median 200 ms, p99 400 ms alone (load average 12.5); median 250 ms, p99 500 ms beside them (load average 14)',
    );
    expect(text).toContain(
      'ratio beside 10 hanging / alone, p99 over every round (goal: at most ×2): healthy receiver ×1.25, pull feed ×1.11',
    );
  });
});
