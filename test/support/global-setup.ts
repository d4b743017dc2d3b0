/**
 * Once per `vitest run`, for the `http` project: a store per pool (test/support/server-pools.ts), each with
 * DynamoDB Local in memory, the table, the bootstrap administrator with the run's key and serverless offline, on
 * free ports (test/support/test-store.ts), each in a process of its own (test/support/test-store-process.ts), all
 * started at once. The `server` project's stores are the same without offline (global-setup-in-process.ts).
 * Tests read where their store is through inject() (test/support/server-pools.ts's testStore(); env.ts and
 * http.ts do that for them).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { generateApiKey } from '../../lib/auth/api-keys.js';
import { BUNDLE_CACHE_DIR } from '../../scripts/lib/bundle-cache-dir.js';
import { pollUntil } from '../../scripts/lib/poll.js';
import { SupervisedGroup } from '../../scripts/lib/process-group.js';
import { repoRoot } from '../../scripts/lib/repo.js';
import { suitePasswordCost } from './password-cost.js';
import { HTTP_POOLS, type TestStore } from './server-pools.js';
import type { StartedStore } from './test-store.js';

const TEST_ADMIN_EMAIL = 'root@example.com';

/** Handler logs go here rather than into the test report (git-ignored, like all of .data/). */
const LOG_DIR = join(repoRoot, '.data', 'test-logs');

/**
 * Store `n` in a child process; resolves once it is ready (its offline answering, when it runs one). Also a test's own fresh store (`n` a
 * name, e.g. the import tests' `import`: an empty table whose ids nothing else takes).
 */
export async function startStoreProcess(
  n: number | string,
  adminKey: string,
  offline = true,
  /** A file whose existence lets its offline start (test-store.ts offlineAfter); unset: at once. */
  offlineAfter?: string,
): Promise<StartedStore> {
  const logDir = join(LOG_DIR, `store-${n}`);
  mkdirSync(LOG_DIR, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/support/test-store-process.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      STORE_LOG_DIR: logDir,
      STORE_ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      STORE_ADMIN_KEY: adminKey,
      STORE_OFFLINE: String(offline),
      // serverless.yml custom.esbuild: offline serves its handlers from this folder, the first store's from .esbuild/.
      ESBUILD_WORK_FOLDER: `.data/esbuild-store-${n}`,
      // infra/plugins/bundle-cache.cjs: every offline of the run (each store's, the docs tests' fresh `npm start`)
      // bundles the same sources with the same options; the first bundles them, the others read its bundles back.
      BUNDLE_CACHE_DIR,
      // The store's offline hashes passwords at the suite's cost (test/support/password-cost.ts).
      PASSWORD_SCRYPT_LOG2N: suitePasswordCost(),
      ...(offlineAfter ? { STORE_OFFLINE_AFTER: offlineAfter } : {}),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let store: TestStore | undefined;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.startsWith('store: ')) store = JSON.parse(line.slice('store: '.length));
  });
  const group = await SupervisedGroup.start(`test store ${n}`, child, { logFile: join(LOG_DIR, `store-${n}.log`) });
  try {
    await pollUntil(async () => store !== undefined, {
      what: `test store ${n}`,
      // A store whose offline waits for the first store's starts that much later.
      timeoutMs: offlineAfter ? 660_000 : 360_000,
      intervalMs: 250,
      gaveUp: () => group.exitReason(),
      details: () => group.output(),
    });
  } catch (error) {
    await group.stop(30_000);
    throw error;
  }
  return { store: store!, stop: () => group.stop(30_000) };
}

/** The `http` project's setup: every store runs serverless offline. */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return startStores(project, { offline: true, pools: HTTP_POOLS, firstName: 'http' });
}

/**
 * The stores of one project, `pools` of them, started at once, each in a process of its own (named
 * `<firstName>-1`, `-2`, … for their logs and bundles): a store sets process.env for lib/ and its change feed, and
 * both projects' setups run in this one process.
 */
export async function startStores(
  project: TestProject,
  { offline, pools, firstName }: { offline: boolean; pools: number; firstName: string },
): Promise<() => Promise<void>> {
  const adminKey = generateApiKey();
  // With offline, the first store bundles every function; the others start their DynamoDB Local at once but their
  // offline only once the first one's answers: they read its bundles back from the cache instead of each bundling
  // the same sources at the same time. The marker is written however the first one ended.
  const bundled = join(LOG_DIR, `${firstName}-1.bundled`);
  rmSync(bundled, { force: true });
  const starting = Array.from({ length: pools }, (_, i) =>
    startStoreProcess(`${firstName}-${i + 1}`, adminKey, offline, offline && i > 0 ? bundled : undefined),
  );
  void starting[0]?.finally(() => writeFileSync(bundled, '')).catch(() => undefined);
  const results = await Promise.allSettled(starting);
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((store) => store.stop()));
  };
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  project.provide(
    'stores',
    started.map((s) => s.store),
  );
  project.provide('adminEmail', TEST_ADMIN_EMAIL);
  project.provide('adminKey', adminKey);
  return stopAll;
}
