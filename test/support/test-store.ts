/**
 * One store of the `server` test project: DynamoDB Local in memory on a free port, the table, the bootstrap
 * administrator with the run's key and serverless offline on another free port (test/support/global-setup.ts starts
 * one per pool: SERVER_POOLS in test/support/server-pools.ts). No change feed, and no stream on the table: the files
 * that read the feed run on a table of their own with the consumer (test/support/change-feed.ts useChangeFeed).
 * It sets process.env (the SDK variables, TABLE_NAME) for lib/, which is why a second store runs in a process of its
 * own (test/support/test-store-process.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startLocalDatabase } from '../../scripts/lib/local-database.js';
import { LOCAL_TABLE_NAME } from '../../scripts/lib/local-env.js';
import { startOffline } from '../../scripts/lib/offline.js';
import { pollUntil } from '../../scripts/lib/poll.js';
import { freePort } from '../../scripts/lib/ports.js';
import { stopAllGroups } from '../../scripts/lib/process-group.js';
import { repoRoot } from '../../scripts/lib/repo.js';
import type { TestStore } from './server-pools.js';

export interface StartedStore {
  store: TestStore;
  stop: () => Promise<void>;
}

export async function startTestStore(options: {
  /** Handler and DynamoDB Local logs (git-ignored, like all of .data/). */
  logDir: string;
  adminEmail: string;
  adminKey: string;
  /**
   * Start serverless offline (the `http` project); without it (the `server` project) the store is DynamoDB Local
   * and the table, and its tests reach the handlers in-process (test/support/in-process-gateway.ts).
   */
  offline: boolean;
  /**
   * Start offline only once this file exists (the global setup writes it when the first store's offline answers):
   * its bundles are then in the cache (BUNDLE_CACHE_DIR) and read back, where two offlines starting at once would
   * each bundle every function.
   */
  offlineAfter?: string;
  /**
   * Called once DynamoDB Local and the table are ready, before offline starts: the `server`
   * project's files need no more and may start then (test/support/global-setup.ts).
   */
  onDatabaseReady?: (store: TestStore) => void;
}): Promise<StartedStore> {
  const { logDir } = options;
  mkdirSync(logDir, { recursive: true }); // offline writes its log here too
  const offlineLog = join(logDir, 'offline.log');
  try {
    // Without the table's stream: DynamoDB Local keeps every table's stream records in one SQLite table and each
    // write to a table with a stream grows dearer with it (3,000 PutItems: 2.3 s of its CPU without a stream, 4.1 s
    // with one on an empty database, 6.2 s after another 3,000 records). No feed reads the pool's table; a file that
    // reads the feed moves to a table of its own that has one (test/support/change-feed.ts).
    // A database per access key: every client of the store holds the same placeholder key (awsEnvFor) and shares one;
    // a file that reads the change feed takes another key, and so a database of its own (test/support/change-feed.ts).
    const dynamo = await startLocalDatabase(logDir, undefined, { shortLived: true, stream: false, sharedDb: false });
    // lib/ (the bootstrap here, and test files through env.ts) reads the standard SDK variables and TABLE_NAME.
    const { awsEnv } = dynamo;
    // Imported after the environment is set, so anything it creates at module scope points at DynamoDB Local.
    const { ensureBootstrapAdmin } = await import('../../lib/bootstrap.js');
    await ensureBootstrapAdmin({ email: options.adminEmail, apiKey: options.adminKey });

    const database: TestStore = { baseUrl: '', dynamoEndpoint: dynamo.endpoint, tableName: LOCAL_TABLE_NAME };
    options.onDatabaseReady?.(database);
    if (!options.offline) return { store: database, stop: stopAllGroups };
    const { offlineAfter } = options;
    if (offlineAfter)
      await pollUntil(async () => existsSync(offlineAfter), {
        what: `${offlineAfter} (the first store's offline)`,
        timeoutMs: 600_000,
        intervalMs: 250,
      });
    const offline = await startOffline({
      httpPort: await freePort(),
      lambdaPort: await freePort(),
      awsEnv,
      logFile: offlineLog,
      // Bundling every function takes about a minute on 2 idle cores; on a shared, loaded machine 120 s was seen to
      // pass before offline listened (the run then fails as a whole).
      startTimeoutMs: 300_000,
    });
    console.log(`serverless offline at ${offline.url}; handler logs in ${relative(repoRoot, offlineLog)}`);
    return { store: { ...database, baseUrl: offline.url }, stop: stopAllGroups };
  } catch (error) {
    await stopAllGroups();
    throw error;
  }
}
