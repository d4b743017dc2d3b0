/**
 * The event store's write-sharded feed on DynamoDB Local (lib/events/event-store.ts, feed-reader.ts): events
 * stored in random shards of their day come back in the order they were stored, once each, page after page;
 * a stored event stored again is stored once; and a first page reads the day index, the days it names and only
 * their shards in use (one for a quiet day; every shard for a day entered by the layout before the count).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { feedStoreOn } from '../../lib/db/feed-store.js';
import { tableContextOf } from '../../lib/db/table-context.js';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { eventIdOf } from '../../lib/events/derive.js';
import { DAYS_PARTITION, dayOfStamp, eventKeys, FEED_SHARDS } from '../../lib/events/event-keys.js';
import { eventStoreOver } from '../../lib/events/event-store.js';
import { type FeedReader, feedReaderOver } from '../../lib/events/feed-reader.js';
import { instanceEventStore, readFeed } from '../../lib/events/instance-feed.js';
import { uid } from '../support/fixtures.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';

/**
 * An event as the consumer makes one, its id derived as from a stream record's (eventIdOf): it lands in the pool's
 * feed, which other files read through GET /api/events and its OpenAPI contract (`evt_` and 32 hex digits).
 */
function pageEvent(tag: string, i: number): ChangeEvent {
  return {
    id: eventIdOf({ eventID: `${tag}-${i}-${uid()}`, dynamodb: { SequenceNumber: String(i) } }),
    type: 'pages.updated',
    entity: 'pages',
    action: 'updated',
    object_id: String(i),
    company_id: null,
    created_at: new Date().toISOString(),
    data: { object: { page_id: i, page: `${tag} ${i}` }, changed_fields: ['page'] },
  };
}

const { storeEventsOver } = instanceEventStore;

/** The cursor of the present: every event stored so far walked past (whatever the table holds, or nothing). */
async function presentCursor(read: FeedReader = readFeed): Promise<string> {
  let page = await read({ limit: 250 });
  while (page.hasMore) page = await read({ after: page.next, limit: 250 });
  return page.next;
}

/** Every page of the feed after `after` (read as if the settle time had passed), in order. */
async function walk(after: string, limit: number, tag: string, read: FeedReader = readFeed): Promise<ChangeEvent[]> {
  const seen: ChangeEvent[] = [];
  let next = after;
  for (;;) {
    const page = await read({ after: next, limit, entities: ['pages'], nowMs: Date.now() + 60_000 });
    seen.push(...page.events.filter((e) => String(e.data.object.page).startsWith(tag)));
    next = page.next;
    if (!page.hasMore) return seen;
  }
}

describe('the sharded pull feed', () => {
  it('merges the shards back into stored order, page after page, each event once', async () => {
    const tag = `Shard ${uid()}`;
    // The present: the settle horizon now (a page read as if a minute had passed could end past what is stored next).
    const start = await presentCursor();
    const events = Array.from({ length: 6 * FEED_SHARDS }, (_, i) => pageEvent(tag, i));
    // Over every shard, as a busy consumer writes.
    await storeEventsOver(events.slice(0, 40), FEED_SHARDS);
    await storeEventsOver(events.slice(40), FEED_SHARDS);
    // Stored again (a retried stream batch): nothing new.
    await storeEventsOver(events.slice(10, 30), FEED_SHARDS);
    for (const limit of [1, 7, 250]) {
      const walked = await walk(start, limit, tag);
      expect(
        walked.map((e) => e.id),
        `pages of ${limit}`,
      ).toEqual(events.map((e) => e.id));
    }
    const walked = await walk(start, 250, tag);
    expect(walked).toEqual(JSON.parse(JSON.stringify(events)));
  });
});

/** The DynamoDB calls `read` makes, by operation (`Query`, `BatchGetItem`). */
async function callsOf(read: () => Promise<unknown>): Promise<string[]> {
  const client = db();
  const calls: string[] = [];
  const mark = `count-${uid()}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: mark },
  );
  try {
    await read();
  } finally {
    client.middlewareStack.remove(mark);
  }
  return calls;
}

/** An event stored `daysAgo` days back as the store lays it out: marker, feed item in `shard`, the day's entry. */
async function storeBack(
  TableName: string,
  daysAgo: number,
  shard: number,
  legacyDayEntry = false,
): Promise<ChangeEvent> {
  const event = pageEvent(`Back ${uid()}`, daysAgo);
  const stamp = (Date.now() - daysAgo * 86_400_000) * 1000;
  const day = dayOfStamp(stamp);
  const item = eventKeys.feedItem(stamp, event.id, shard);
  await db().send(
    new PutCommand({
      TableName,
      Item: { ...eventKeys.marker(event.id), feed_pk: item.pk, feed_sk: item.sk, event: JSON.stringify(event) },
    }),
  );
  await db().send(new PutCommand({ TableName, Item: { ...item, type: event.type, entity: event.entity } }));
  const entry = legacyDayEntry ? { pk: DAYS_PARTITION, sk: day } : { ...eventKeys.dayShards(day), shards: shard + 1 };
  await db().send(new PutCommand({ TableName, Item: entry }));
  return event;
}

describe('a first page of the pull feed (no cursor), on a table of its own', () => {
  // A table context of its own (lib/db/table-context.ts): its feed store, an event store whose rate is its own (a
  // quiet day is what is measured, whatever was stored above) and a reader — no environment to change and reset.
  const tableName = `store-api-feed-cost-${uid()}`.slice(0, 60);
  const feed = feedStoreOn(tableContextOf({ client: db(), tableName }));
  const { storeEvents } = eventStoreOver(feed);
  const readOwn = feedReaderOver(feed);
  beforeAll(async () => {
    await createTableOfItsOwn(new DynamoDBClient({}), tableName);
  });

  it('with events of today only, a quiet day: the day index, its one shard and the bodies — three calls', async () => {
    const events = Array.from({ length: 5 }, (_, i) => pageEvent(`Today ${uid()}`, i));
    await storeEvents(events);
    let page: Awaited<ReturnType<typeof readOwn>> | undefined;
    const calls = await callsOf(async () => (page = await readOwn({ limit: 10, nowMs: Date.now() + 60_000 })));
    expect(page!.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(calls, calls.join(' ')).toEqual(['Query', 'Query', 'BatchGetItem']);
  });

  it('with events spread over days: one Query per day it reads (its shards in use), stopping when the page is full', async () => {
    // Ten older days, one event each; the 25th day back entered as the layout before the count did (every shard).
    const legacy = await storeBack(tableName, 25, 9, true);
    const older = [];
    for (let daysAgo = 20; daysAgo > 10; daysAgo--) older.push(await storeBack(tableName, daysAgo, daysAgo % 2));
    let page: Awaited<ReturnType<typeof readOwn>> | undefined;
    const calls = await callsOf(async () => (page = await readOwn({ limit: 4, nowMs: Date.now() + 60_000 })));
    // Oldest first: the legacy day's event (found in shard 9), then three days with one event each.
    expect(page!.events.map((e) => e.id)).toEqual([legacy, ...older.slice(0, 3)].map((e) => e.id));
    expect(page!.hasMore).toBe(true);
    // The day index; the legacy day's 16 shards; three days of one or two shards each (shard 1 → two) — and no more days.
    const queries = calls.filter((name) => name === 'Query').length;
    expect(queries, calls.join(' ')).toBeLessThanOrEqual(1 + FEED_SHARDS + 3 * 2);
    expect(queries).toBeGreaterThanOrEqual(1 + FEED_SHARDS + 3);
    expect(
      calls.filter((name) => name === 'BatchGetItem'),
      calls.join(' '),
    ).toHaveLength(1);
    // The walk goes on from the cursor through the rest, in order, once each.
    const rest = await readOwn({ after: page!.next, limit: 250, nowMs: Date.now() + 60_000 });
    expect(rest.events.slice(0, 7).map((e) => e.id)).toEqual(older.slice(3).map((e) => e.id));
  });

  it('a write cut off between its feed item and its marker: the walk waits before it, and the event stored again shows once', async () => {
    const tag = `Cut ${uid()}`;
    // The present (the settle horizon now): everything stored from here on lies after it.
    const start = await presentCursor(readOwn);
    const [before, cut, after] = [0, 1, 2].map((i) => pageEvent(tag, i));
    await storeEvents([before!]);
    // The cut-off chunk: its feed item written (stamped now, in the day's shard 0), its marker never.
    const stamp = Date.now() * 1000 + 500;
    await db().send(
      new PutCommand({
        TableName: tableName,
        Item: { ...eventKeys.feedItem(stamp, cut!.id, 0), type: cut!.type, entity: cut!.entity },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await storeEvents([after!]);
    const waiting = await readOwn({ after: start, limit: 250, nowMs: Date.now() + 10_000 });
    // Shown up to the unfinished event, and the cursor stays before it.
    expect(waiting.events.filter((e) => String(e.data.object.page).startsWith(tag)).map((e) => e.id)).toEqual([
      before!.id,
    ]);
    expect(waiting.hasMore).toBe(false);
    // The batch handed over again stores it anew (a new stamp and feed item); the cut-off item is never shown.
    await storeEvents([cut!]);
    const walked = await walk(waiting.next, 250, tag, readOwn);
    expect(walked.map((e) => e.id)).toEqual([after!.id, cut!.id]);
  });
});
