import { defineConfig } from 'vitest/config';

/**
 * `unit`, `deploy`, `server` and `http` run in one group, SERVER_POOLS files at a time: `unit` and `deploy` need
 * nothing running; `server` (integration and e2e, in-process) and `http` give each of their files running at once a
 * store of its own (DynamoDB Local, table, and serverless offline for `http`; one set for the run, shared
 * by the two projects' global setups: test/support/global-setup.ts, test/support/server-pools.ts), so a file never
 * shares data with another running file, as when they ran one at a time. `emulator` runs the deploy check (its own
 * moto_server) in the background from the start and reports last. `npx vitest run --project unit` needs no Java.
 * Every project names its maxWorkers: on a 2-core machine Vitest's default is 1, and a project left at 1 in group 0
 * is run alone after every other group.
 */
import { COMPILE_CACHE_DIR } from './scripts/lib/compile-cache-dir.js';
import { LongestFirst } from './test/support/longest-first.js';
import { HTTP_POOLS, SERVER_POOLS } from './test/support/server-pools.js';

// Node's on-disk compile cache (scripts/lib/compile-cache-dir.ts) for every process the run starts: the workers'
// node_modules (the AWS SDK, middy, Ajv), the admin command line the tests and the docs' commands start about a
// hundred times, the stores' processes, serverless offline. Set before any of them starts; a caller's own value wins.
process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;

const SERVER_TESTS = ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'];

/**
 * The suites that need a real HTTP server (serverless offline): the gateway's and the local server's own behaviour
 * (raw requests, hapi's answers, headers a socket carries), a browser, and the docs' commands run verbatim with
 * curl — plus one thin contract suite of the three path forms over real HTTP (bodies-and-paths, smoke). Everything
 * else reaches the same handlers in-process (test/support/in-process-gateway.ts).
 */
const HTTP_TESTS = [
  'test/e2e/smoke.test.ts',
  'test/e2e/bodies-and-paths.test.ts',
  'test/e2e/hostile-local-server.test.ts',
  'test/e2e/hostile-http-surface.test.ts',
  'test/e2e/hostile-fuzz.test.ts',
  'test/e2e/hostile-fuzz-oracles.test.ts',
  'test/e2e/docs.test.ts',
  'test/e2e/docs-browser.test.ts',
  'test/e2e/panel-browser.test.ts',
  'test/e2e/readme-walkthrough.test.ts',
  'test/e2e/recipes.test.ts',
  'test/e2e/import-docs.test.ts',
  'test/e2e/storefront-walk.test.ts',
  'test/e2e/batches-in-context-and-docs.test.ts',
];

export default defineConfig({
  test: {
    // Handler cold starts in offline and DynamoDB Local's first queries are slow; a hung request still fails.
    testTimeout: 30_000,
    // The global setup bundles every function with esbuild before offline listens.
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // `server`'s files first, then `http`'s, `deploy`'s and `unit`'s; in each project the longest first, in a clean
    // clone too (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // One worker loads the modules once for many files (see the server project).
          isolate: false,
          maxWorkers: SERVER_POOLS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Packages the CloudFormation template (offline, in a scratch copy) and inspects it, and the cfn-lint and moto
        // the deploy check relies on (each file starts what it needs): nothing of the run's own needed. In group 1, beside
        // the others: a file in the emulator project's group 2 would run alone at the end of the run.
        test: {
          name: 'deploy',
          include: ['test/deploy/**/*.test.ts'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          maxWorkers: SERVER_POOLS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The real deploy of every stack to moto (the AWS-API emulator) on a free port, read back, redeployed,
        // removed: scripts/deploy-check.ts, uses no DynamoDB Local. Its global setup starts the check in the
        // background when the run starts; its one file, last, waits for the report. Most of the check is waiting on
        // serverless and moto, so beside the other projects it costs the run little of its own length.
        test: {
          name: 'emulator',
          include: ['test/emulator/**/*.test.ts'],
          globalSetup: ['test/emulator/background-check.ts'],
          testTimeout: 60_000,
          hookTimeout: 1_500_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Behaviour, in-process: DynamoDB Local and the table per pool (the run's stores, shared with `http`), reached
        // without serverless offline; the files that read the change feed run it on a table of their own (useChangeFeed).
        test: {
          name: 'server',
          include: SERVER_TESTS,
          exclude: HTTP_TESTS,
          // A worker runs file after file in one module graph instead of loading the handlers, the SDK and the
          // OpenAPI schemas afresh for each (a quarter of the workers' CPU). Safe because no module keeps state a
          // file must not see: settings are read at each use (lib/config.ts), a store's data lives in its
          // DynamoDB Local, and a test that changes a setting for itself puts it back (rate limits, CORS, MCP_WRITES,
          // the endpoint, TABLE_NAME). Only the log level some files set stays, which changes what is printed.
          isolate: false,
          globalSetup: ['test/support/global-setup-in-process.ts'],
          testTimeout: 60_000,
          setupFiles: ['test/support/env.ts'],
          maxWorkers: SERVER_POOLS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'http',
          include: HTTP_TESTS,
          isolate: false,
          globalSetup: ['test/support/global-setup.ts'],
          // A test's first request to each function cold-starts it in offline (a worker per function); a test
          // touching several functions on a loaded 2-core machine can pass 30 s without anything hanging.
          testTimeout: 60_000,
          setupFiles: ['test/support/env.ts'],
          maxWorkers: HTTP_POOLS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
