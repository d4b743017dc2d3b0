/**
 * The change feed for a test file that reads it (GET /api/events, webhook deliveries, the table's stream): the file
 * runs on a table of its own, the only kind in a run with a stream (test/support/table-of-its-own.ts, bootstrapped as
 * `npm start` leaves a table), and the stream consumer the deployed stream-triggered Lambda runs (lib/events/consume.ts,
 * through scripts/lib/local-change-feed.ts as `npm start` runs it) reads it in the file's worker, from the file's
 * first hook to its last. In-process only: serverless offline keeps the pool's table.
 *
 * Why not the stores' tables: most files never read the feed, and consuming every change of theirs (each turned into
 * an event and written) cost the run about 20 s of CPU; worse, DynamoDB Local keeps every table's stream records in one
 * SQLite table and each write to a table with a stream grows dearer as it fills, so the stores' tables have none.
 *
 * Call it at the top of the file, before the hooks that write what the tests then look for in the feed.
 */
import { afterAll, beforeAll } from 'vitest';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { awsEnvFor } from '../../scripts/lib/local-env.js';
import type { LocalStream } from '../../scripts/lib/local-stream.js';
import { testStore } from './store.js';
import { switchToTableOfItsOwn, type TableOfItsOwn } from './table-of-its-own.js';

/** Whether a file of this worker runs the feed now (a worker runs one file at a time). */
let running = false;

/**
 * Fails the test unless the file runs the feed: without it no change becomes an event, and a test that a request
 * made no event would pass for nothing (test/support/feed-walk.ts asks before every walk).
 */
export function expectChangeFeedRunning(): void {
  if (!running)
    throw new Error(
      'this file reads the events its changes make: call useChangeFeed() at its top (test/support/change-feed.ts)',
    );
}

export function useChangeFeed(): void {
  let table: TableOfItsOwn | undefined;
  let feed: LocalStream | undefined;
  beforeAll(async () => {
    table = await switchToTableOfItsOwn('feed', { bootstrapped: true, stream: true });
    feed = await startLocalChangeFeed(
      awsEnvFor({ endpoint: testStore().dynamoEndpoint, ownEmulator: true }),
      table.tableName,
      (error) => console.error(`change feed: ${error.message}`),
    );
    running = true;
  });
  afterAll(async () => {
    running = false;
    await feed?.stop();
    await table?.stop();
  });
}
