import { defineConfig } from 'vitest/config';

/**
 * `unit` and `deploy` need nothing running and run their files in parallel; `emulator` runs the deploy check (its own
 * moto_server) in the background from the start and reports last. `server` (integration and e2e)
 * shares one DynamoDB Local and one serverless offline, started once by its global setup; its files run one
 * at a time because they share that database (and the per-address login limiter), and on a 2-core machine
 * the JVM and offline already use the cores. Group 0 runs first, so a broken unit fails fast, and
 * `npx vitest run --project unit` needs no Java at all.
 */
const SERVER_TESTS = ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    // Handler cold starts in offline and DynamoDB Local's first queries are slow; a hung request still fails.
    testTimeout: 30_000,
    // The global setup bundles every function with esbuild before offline listens.
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Packages the CloudFormation template (offline, in a scratch copy) and inspects it: no services needed.
        test: {
          name: 'deploy',
          include: ['test/deploy/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 0 },
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
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'server',
          include: SERVER_TESTS,
          globalSetup: ['test/support/global-setup.ts'],
          // A test's first request to each function cold-starts it in offline (a worker per function); a test
          // touching several functions on a loaded 2-core machine can pass 30 s without anything hanging.
          testTimeout: 60_000,
          setupFiles: ['test/support/env.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
