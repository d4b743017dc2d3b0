/**
 * Once per `vitest run` (for the `server` project): DynamoDB Local in memory on a free port, the table, the
 * bootstrap administrator with a fresh key, and serverless offline on another free port. Tests read where
 * everything is through inject() (test/support/env.ts and http.ts do that for them).
 */
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateApiKey } from '../../lib/auth/api-keys.js';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { startLocalDatabase } from '../../scripts/lib/local-database.js';
import { LOCAL_TABLE_NAME } from '../../scripts/lib/local-env.js';
import { startOffline } from '../../scripts/lib/offline.js';
import { freePort } from '../../scripts/lib/ports.js';
import { stopAllGroups } from '../../scripts/lib/process-group.js';
import { repoRoot } from '../../scripts/lib/repo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of serverless offline; paths start with /api. */
    baseUrl: string;
    /** http://127.0.0.1:PORT of DynamoDB Local. */
    dynamoEndpoint: string;
    tableName: string;
    adminEmail: string;
    adminKey: string;
  }
}

const TEST_ADMIN_EMAIL = 'root@example.com';

/** Handler logs go here rather than into the test report (git-ignored, like all of .data/). */
const LOG_DIR = join(repoRoot, '.data', 'test-logs');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(LOG_DIR, { recursive: true }); // offline writes its log here too
  const offlineLog = join(LOG_DIR, 'offline.log');
  let changeFeed: Awaited<ReturnType<typeof startLocalChangeFeed>> | undefined;
  try {
    const dynamo = await startLocalDatabase(LOG_DIR);
    // lib/ (the bootstrap here, and test files through env.ts) reads the standard SDK variables and TABLE_NAME.
    const { awsEnv } = dynamo;
    const adminKey = generateApiKey();
    // Imported after the environment is set, so anything it creates at module scope points at DynamoDB Local.
    const { ensureBootstrapAdmin } = await import('../../lib/bootstrap.js');
    await ensureBootstrapAdmin({ email: TEST_ADMIN_EMAIL, apiKey: adminKey });
    // The stream consumer, as `npm start` runs it: every committed change becomes an event (GET /api/events) and is
    // handed to the webhooks, whose receivers in the tests listen on 127.0.0.1 (the local stage allows it, as
    // serverless offline's functions do; without it every first attempt was refused and waited for the retry runner).
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS ??= 'true';
    changeFeed = await startLocalChangeFeed(awsEnv, LOCAL_TABLE_NAME, (error) =>
      console.error(`change feed: ${error.message}`),
    );

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

    project.provide('baseUrl', offline.url);
    project.provide('dynamoEndpoint', dynamo.endpoint);
    project.provide('tableName', LOCAL_TABLE_NAME);
    project.provide('adminEmail', TEST_ADMIN_EMAIL);
    project.provide('adminKey', adminKey);
  } catch (error) {
    await changeFeed?.stop();
    await stopAllGroups();
    throw error;
  }
  // The consumer and offline first, then the database they talk to.
  return async () => {
    await changeFeed?.stop();
    await stopAllGroups();
  };
}
