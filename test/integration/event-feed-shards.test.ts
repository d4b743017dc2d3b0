/**
 * The event store's write-sharded feed on DynamoDB Local (lib/events/event-store.ts, feed-reader.ts): events
 * stored in random shards of their day come back in the order they were stored, once each, page after page;
 * a stored event stored again is stored once; and a first page reads the day index and the days it names only.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { FEED_SHARDS } from '../../lib/events/event-keys.js';
import { storeEvents } from '../../lib/events/event-store.js';
import { readFeed } from '../../lib/events/feed-reader.js';
import { db } from '../../lib/db/client.js';
import { uid } from '../support/fixtures.js';

function pageEvent(tag: string, i: number): ChangeEvent {
  return {
    id: `evt_${uid()}`,
    type: 'pages.updated',
    entity: 'pages',
    action: 'updated',
    object_id: String(i),
    company_id: null,
    created_at: new Date().toISOString(),
    data: { object: { page_id: i, page: `${tag} ${i}` }, changed_fields: ['page'] },
  };
}

/** Every page of the feed after `after` (read as if the settle time had passed), in order. */
async function walk(after: string, limit: number, tag: string): Promise<ChangeEvent[]> {
  const seen: ChangeEvent[] = [];
  let next = after;
  for (;;) {
    const page = await readFeed({ after: next, limit, entities: ['pages'], nowMs: Date.now() + 60_000 });
    seen.push(...page.events.filter((e) => String(e.data.object.page).startsWith(tag)));
    next = page.next;
    if (!page.hasMore) return seen;
  }
}

describe('the sharded pull feed', () => {
  it('merges the shards back into stored order, page after page, each event once', async () => {
    const tag = `Shard ${uid()}`;
    const start = (await readFeed({ limit: 1, nowMs: Date.now() + 60_000 })).next;
    const events = Array.from({ length: 6 * FEED_SHARDS }, (_, i) => pageEvent(tag, i));
    await storeEvents(events.slice(0, 40));
    await storeEvents(events.slice(40));
    // Stored again (a retried stream batch): nothing new.
    await storeEvents(events.slice(10, 30));
    for (const limit of [1, 7, 250]) {
      const walked = await walk(start, limit, tag);
      expect(walked.map((e) => e.id), `pages of ${limit}`).toEqual(events.map((e) => e.id));
    }
    const walked = await walk(start, 250, tag);
    expect(walked).toEqual(JSON.parse(JSON.stringify(events)));
  });

  it('a first page (no cursor) reads the day index and then only the days with events, not every day of the retention', async () => {
    await storeEvents([pageEvent(`First ${uid()}`, 1)]);
    const client = db();
    const calls: string[] = [];
    const mark = `count-${uid()}`;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        calls.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: mark },
    );
    try {
      const page = await readFeed({ limit: 10, nowMs: Date.now() + 60_000 });
      expect(page.events.length).toBeGreaterThan(0);
    } finally {
      client.middlewareStack.remove(mark);
    }
    const queries = calls.filter((name) => /^Query/.test(name)).length;
    expect(queries, calls.join(' ')).toBeGreaterThan(1);
    // One Query of the day index, then the shards of the first day with events (today, in a fresh table) —
    // not one Query per day of the 30 days' retention.
    expect(queries).toBeLessThanOrEqual(1 + FEED_SHARDS * 2);
    expect(calls.filter((name) => /^BatchGet/.test(name)), calls.join(' ')).toHaveLength(1);
  });
});
