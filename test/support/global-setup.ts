/**
 * Once per `vitest run` (for the `server` project): DynamoDB Local in memory on a free port, the table, the
 * bootstrap administrator with a fresh key, and serverless offline on another free port. Tests read where
 * everything is through inject() (test/support/env.ts and http.ts do that for them).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureTable } from '../../lib/db/setup.js';
import { startDynamoDbLocal } from '../../scripts/lib/dynamodb-local.js';
import { LOCAL_TABLE_NAME, awsEnvFor, scriptDynamoClient } from '../../scripts/lib/local-env.js';
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

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function generateKey(): string {
  return Array.from({ length: 32 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(LOG_DIR, { recursive: true });
  const offlineLog = join(LOG_DIR, 'offline.log');
  try {
    const dynamo = await startDynamoDbLocal({
      port: await freePort(),
      inMemory: true,
      logFile: join(LOG_DIR, 'dynamodb-local.log'),
    });

    // lib/ (the bootstrap here, and test files through env.ts) reads the standard SDK variables and TABLE_NAME.
    const awsEnv = awsEnvFor({ endpoint: dynamo.endpoint, ownEmulator: true });
    Object.assign(process.env, awsEnv, { TABLE_NAME: LOCAL_TABLE_NAME });
    const client = scriptDynamoClient(awsEnv);
    try {
      await ensureTable(client, LOCAL_TABLE_NAME);
    } finally {
      client.destroy();
    }
    const adminKey = generateKey();
    // Imported after the environment is set, so anything it creates at module scope points at DynamoDB Local.
    const { ensureBootstrapAdmin } = await import('../../lib/bootstrap.js');
    await ensureBootstrapAdmin({ email: TEST_ADMIN_EMAIL, apiKey: adminKey });

    const offline = await startOffline({
      httpPort: await freePort(),
      lambdaPort: await freePort(),
      awsEnv,
      logFile: offlineLog,
    });
    console.log(`serverless offline at ${offline.url}; handler logs in ${relative(repoRoot, offlineLog)}`);

    project.provide('baseUrl', offline.url);
    project.provide('dynamoEndpoint', dynamo.endpoint);
    project.provide('tableName', LOCAL_TABLE_NAME);
    project.provide('adminEmail', TEST_ADMIN_EMAIL);
    project.provide('adminKey', adminKey);
  } catch (error) {
    await stopAllGroups();
    throw error;
  }
  // Offline first, then the database it talks to.
  return () => stopAllGroups();
}
