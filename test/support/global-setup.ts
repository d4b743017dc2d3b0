/**
 * Once per `vitest run`, for the `server` and `http` projects: a store per pool (test/support/server-pools.ts), each
 * with DynamoDB Local in memory, the table, the bootstrap administrator with the run's key and (when
 * the `http` project runs) serverless offline, on free ports (test/support/test-store.ts), each in a process of its
 * own (test/support/test-store-process.ts), all started at once, shared by both projects (shareStores).
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
import { SERVER_POOLS, type TestStore } from './server-pools.js';

const TEST_ADMIN_EMAIL = 'root@example.com';

/** Handler logs go here rather than into the test report (git-ignored, like all of .data/). */
const LOG_DIR = join(repoRoot, '.data', 'test-logs');

/** A store in a process of its own: its database ready first, then the whole store (with offline, when it runs one). */
interface StoreProcess {
  /** DynamoDB Local and the table answering (no offline address yet). */
  database: Promise<TestStore>;
  /** Everything it starts answering, offline included. */
  ready: Promise<TestStore>;
  stop: () => Promise<void>;
}

/** Store `n` in a child process (test/support/test-store-process.ts): it prints `database:` and then `store:`. */
async function startStoreProcess(
  n: number | string,
  adminKey: string,
  offline = true,
  /** A file whose existence lets its offline start (test-store.ts offlineAfter); unset: at once. */
  offlineAfter?: string,
): Promise<StoreProcess> {
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
  const printed: { database?: TestStore; store?: TestStore } = {};
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop()!;
    for (const line of lines)
      for (const key of ['database', 'store'] as const)
        if (line.startsWith(`${key}: `)) printed[key] = JSON.parse(line.slice(key.length + 2));
  });
  const group = await SupervisedGroup.start(`test store ${n}`, child, { logFile: join(LOG_DIR, `store-${n}.log`) });
  const printedLine = async (key: 'database' | 'store', timeoutMs: number): Promise<TestStore> => {
    await pollUntil(async () => printed[key] !== undefined, {
      what: `test store ${n} (${key})`,
      timeoutMs,
      intervalMs: 250,
      gaveUp: () => group.exitReason(),
      details: () => group.output(),
    });
    return printed[key]!;
  };
  const database = printedLine('database', 360_000);
  // A store whose offline waits for the first store's starts that much later.
  const ready = database.then(() => printedLine('store', offlineAfter ? 660_000 : 360_000));
  return { database, ready, stop: () => group.stop(30_000) };
}

/** The `http` project's setup: the run's stores (shared with `server`), reached over serverless offline. */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return shareStores(project, { inProcess: false });
}

interface RunStores {
  /** Each store's database ready: what the `server` project needs. */
  databases: Promise<TestStore[]>;
  /** Each store ready, offline included: what the `http` project needs. */
  ready: Promise<TestStore[]>;
  adminKey: string;
  stop: () => Promise<void>;
}

/**
 * The run's stores and how many projects hold them, on globalThis: Vitest loads each project's global setup in a
 * module graph of its own, so a module-level variable here would be one per project, and each project would start
 * a set of stores (two more DynamoDB Local JVMs and serverless offlines, as it did before this lived here).
 */
interface SharedStores {
  running: RunStores | undefined;
  users: number;
}
const SHARED_STORES_KEY = Symbol.for('store-api.test.shared-stores');
const shared: SharedStores = ((globalThis as Record<symbol, unknown>)[SHARED_STORES_KEY] ??= {
  running: undefined,
  users: 0,
}) as SharedStores;

/**
 * One store per pool for the whole run, shared by the `server` and `http` projects (both setups run in this one
 * process): a file finds its store by VITEST_POOL_ID, which Vitest keeps unique among the files running at once across
 * projects, so a `server` file and an `http` file never use a store at the same time, and a store's table sees one
 * file after another as when they ran one at a time. A `server` file reaches the handlers in-process (its stores
 * are provided without their offline's address, as soon as their databases answer); an `http` file reaches the same
 * table through serverless offline, which the stores start only when the `http` project is part of the run. Before,
 * each project started stores of its own: two more DynamoDB Local JVMs and tables for a project that
 * runs after `server`'s files (test/support/longest-first.ts), while `server`'s sat idle. Stopped when the last
 * project using them ends.
 */
export async function shareStores(
  project: TestProject,
  { inProcess }: { inProcess: boolean },
): Promise<() => Promise<void>> {
  shared.users++;
  const offline = project.vitest.projects.some((each) => each.name === 'http');
  shared.running ??= startStores({ offline, pools: SERVER_POOLS, firstName: offline ? 'http' : 'in-process' });
  const run = shared.running;
  let stopped = false;
  const release = async () => {
    if (stopped) return;
    stopped = true;
    shared.users--;
    if (shared.users === 0) {
      shared.running = undefined;
      await run.stop();
    }
  };
  try {
    // A database's store has no offline address: a `server` file reaches it in-process (test/support/store-fetch.ts).
    project.provide('stores', await (inProcess ? run.databases : run.ready));
  } catch (error) {
    await release();
    throw error;
  }
  project.provide('adminEmail', TEST_ADMIN_EMAIL);
  project.provide('adminKey', run.adminKey);
  return release;
}

/**
 * The run's stores, `pools` of them, started at once, each in a process of its own (named `<firstName>-1`, `-2`, …
 * for their logs and bundles): a store sets process.env for lib/.
 */
function startStores({ offline, pools, firstName }: { offline: boolean; pools: number; firstName: string }): RunStores {
  const adminKey = generateApiKey();
  // With offline, the first store bundles every function; the others start their DynamoDB Local at once but their
  // offline only once the first one's answers: they read its bundles back from the cache instead of each bundling
  // the same sources at the same time. The marker is written however the first one ended.
  const bundled = join(LOG_DIR, `${firstName}-1.bundled`);
  rmSync(bundled, { force: true });
  const starting = Array.from({ length: pools }, (_, i) =>
    startStoreProcess(`${firstName}-${i + 1}`, adminKey, offline, offline && i > 0 ? bundled : undefined),
  );
  void starting[0]
    ?.then((first) => first.ready)
    .finally(() => writeFileSync(bundled, ''))
    .catch(() => undefined);
  const stop = async () => {
    const started = await Promise.allSettled(starting);
    await Promise.all(started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop()] : [])));
  };
  const all = <T>(pick: (store: StoreProcess) => Promise<T>) => Promise.all(starting.map((store) => store.then(pick)));
  const databases = all((store) => store.database);
  const ready = all((store) => store.ready);
  // Awaited by whichever project needs them; a failure is that project's (and the run's), not an unhandled rejection.
  databases.catch(() => undefined);
  ready.catch(() => undefined);
  return { databases, ready, adminKey, stop };
}
