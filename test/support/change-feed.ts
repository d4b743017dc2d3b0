/**
 * The change feed for a test file that reads it (GET /api/events, webhook deliveries): the stream consumer the
 * deployed stream-triggered Lambda runs (lib/events/consume.ts, through scripts/lib/local-change-feed.ts as
 * `npm start` runs it), here in the file's worker, on its store's table, from the file's first hook to its last.
 * The run's stores run none: most files never read the feed, and consuming every change of theirs (turning each
 * into an event and writing it) was about 20 s of a run's CPU spent for nobody.
 *
 * Call it at the top of the file, before the hooks that write what the tests then look for in the feed: the
 * consumer starts at the stream's present end, so a change made before it started is never an event of this file.
 */
import { afterAll, beforeAll } from 'vitest';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { awsEnvFor } from '../../scripts/lib/local-env.js';
import type { LocalStream } from '../../scripts/lib/local-stream.js';
import { testStore } from './store.js';

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
  let feed: LocalStream | undefined;
  beforeAll(async () => {
    // The table the file's requests write (TABLE_NAME, which test/support/env.ts points at the store's).
    const tableName = process.env.TABLE_NAME ?? testStore().tableName;
    feed = await startLocalChangeFeed(
      awsEnvFor({ endpoint: testStore().dynamoEndpoint, ownEmulator: true }),
      tableName,
      (error) => console.error(`change feed: ${error.message}`),
    );
    running = true;
  });
  afterAll(async () => {
    running = false;
    await feed?.stop();
  });
}
