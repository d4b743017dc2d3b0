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
 * And a database of its own: the stores run DynamoDB Local with a database per access key (test/support/test-store.ts),
 * and the file's clients (lib's, the consumer's, the commands it starts) hold a key of the file's own until its last
 * hook. The stream records of the feed files before it, deleted tables' too, stay in the store's database and each
 * write to a stream table pays for them: webhooks-feed after events (5,000 changes) took 10.2 s of DynamoDB Local's
 * CPU, alone 2.3 s.
 *
 * Call it at the top of the file, before the hooks that write what the tests then look for in the feed.
 */
import { afterAll, beforeAll } from 'vitest';
import { createDocumentClient, db, setDocumentClientForTests } from '../../lib/db/client.js';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { awsEnvFor } from '../../scripts/lib/local-env.js';
import type { LocalStream } from '../../scripts/lib/local-stream.js';
import { uid } from './fixtures.js';
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
  let database: DatabaseOfItsOwn | undefined;
  let table: TableOfItsOwn | undefined;
  let feed: LocalStream | undefined;
  beforeAll(async () => {
    database = switchToDatabaseOfItsOwn();
    table = await switchToTableOfItsOwn('feed', { bootstrapped: true, stream: true });
    feed = await startLocalChangeFeed(
      { ...awsEnvFor({ endpoint: testStore().dynamoEndpoint, ownEmulator: true }), ...database.env },
      table.tableName,
      (error) => console.error(`change feed: ${error.message}`),
    );
    running = true;
  });
  afterAll(async () => {
    running = false;
    await feed?.stop();
    await table?.stop();
    database?.stop();
  });
}

interface DatabaseOfItsOwn {
  /** The SDK variables that reach it. */
  env: { AWS_ACCESS_KEY_ID: string };
  /** Puts back the store's key and lib's client. */
  stop(): void;
}

/**
 * The store's DynamoDB Local keeps a database per access key: this process's clients move to a new key until
 * `stop()` — the SDK variable, which the clients made from now on read (a table of its own, the consumer, a command
 * started), and lib's shared client, made again, as it reads the variables when it is made.
 */
function switchToDatabaseOfItsOwn(): DatabaseOfItsOwn {
  const previousKey = process.env.AWS_ACCESS_KEY_ID;
  const previousClient = db();
  // DynamoDB Local takes letters and digits only in an access key.
  const env = { AWS_ACCESS_KEY_ID: `feed${uid().replace(/[^A-Za-z0-9]/g, '')}` };
  Object.assign(process.env, env);
  setDocumentClientForTests(createDocumentClient());
  return {
    env,
    stop: () => {
      db().destroy();
      process.env.AWS_ACCESS_KEY_ID = previousKey;
      setDocumentClientForTests(previousClient);
    },
  };
}
