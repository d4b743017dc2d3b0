import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalDatabase, startLocalDatabase } from '../../scripts/lib/local-database.js';
import { startOffline } from '../../scripts/lib/offline.js';
import { freePort } from '../../scripts/lib/ports.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/** Handler and emulator output of a bench run (git-ignored, like the test logs). */
const LOG_DIR = join(repoRoot, '.data', 'bench-logs');

export type Database = LocalDatabase;

/** DynamoDB Local in memory on a free port with the given tables; process.env points lib/ at it. */
export function startDatabase(tables: readonly string[]): Promise<Database> {
  return startLocalDatabase(LOG_DIR, tables);
}

/** What `serverless offline` reads from the project (as test/deploy/package-template.ts copies it). */
const SERVICE_SOURCES = ['serverless.yml', 'package.json', 'tsconfig.json', 'functions', 'lib', 'infra'];

export interface OfflineServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `serverless offline` (stage local, table store-api-local) on free ports, run in a scratch copy of the
 * service: infra/plugins/esbuild-bundles.cjs builds into and finally deletes `.esbuild/` of its service directory, which a
 * concurrent `npm start` or test run in the repository is using.
 */
export async function startOfflineCopy(awsEnv: Record<string, string>): Promise<OfflineServer> {
  const serviceDir = await mkdtemp(join(tmpdir(), 'store-api-bench-'));
  try {
    for (const source of SERVICE_SOURCES)
      await cp(join(repoRoot, source), join(serviceDir, source), { recursive: true });
    await symlink(join(repoRoot, 'node_modules'), join(serviceDir, 'node_modules'));
    const offline = await startOffline({
      httpPort: await freePort(),
      lambdaPort: await freePort(),
      awsEnv,
      serviceDir,
      logFile: join(LOG_DIR, 'offline.log'),
    });
    return {
      url: offline.url,
      stop: async () => {
        await offline.stop();
        await rm(serviceDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(serviceDir, { recursive: true, force: true });
    throw error;
  }
}
