import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureTable } from '../../lib/db/setup.js';
import { startDynamoDbLocal } from './dynamodb-local.js';
import { awsEnvFor, LOCAL_TABLE_NAME, scriptDynamoClient } from './local-env.js';
import { freePort } from './ports.js';

export interface LocalDatabase {
  endpoint: string;
  /** The standard SDK variables pointing at it (also set on process.env). */
  awsEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local in memory on a free port (so a developer's `npm start` or another run is never disturbed),
 * the given tables, and process.env pointing lib/ at it (TABLE_NAME = the local table). Must run before
 * anything calls lib's db(). Used by the test run's global setup (shortLived: a run's store) and by the benchmarks.
 */
export async function startLocalDatabase(
  logDir: string,
  tables: readonly string[] = [LOCAL_TABLE_NAME],
  {
    shortLived = false,
    stream = true,
    sharedDb = true,
  }: { shortLived?: boolean; stream?: boolean; sharedDb?: boolean } = {},
): Promise<LocalDatabase> {
  await mkdir(logDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({
    port: await freePort(),
    inMemory: true,
    logFile: join(logDir, 'dynamodb-local.log'),
    shortLived,
    sharedDb,
  });
  const awsEnv = awsEnvFor({ endpoint: dynamo.endpoint, ownEmulator: true });
  Object.assign(process.env, awsEnv, { TABLE_NAME: LOCAL_TABLE_NAME });
  const client = scriptDynamoClient(awsEnv);
  try {
    for (const table of tables) await ensureTable(client, table, { stream });
  } finally {
    client.destroy();
  }
  return { endpoint: dynamo.endpoint, awsEnv, stop: () => dynamo.stop() };
}
