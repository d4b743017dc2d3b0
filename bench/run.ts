/**
 * `npm run bench [-- --json | --change-feed | --help]`: the performance figures of the API and its budgets
 * (docs/performance.md).
 * With --json, stdout is one JSON object and everything else goes to stderr.
 *
 * 1. bundles and module init of every function (fresh Node processes; nothing else of ours running yet);
 * 2. DynamoDB Local in memory on a free port, two tables: the endpoint world with 100 users and 100 products,
 *    and one with 10,000 users and 10,000 products (products written by the API's create operation);
 * 3. in-process: round trips per request (cold/warm, non-root and root) and the overhead ratio; list scaling
 *    of the users list and of the products list (unfiltered and per filter);
 * 4. HTTP through serverless offline (in a scratch copy) with autocannon;
 * then everything it started is stopped, whatever happened.
 */
import { performance } from 'node:perf_hooks';
import { LOCAL_TABLE_NAME } from '../scripts/lib/local-env.js';
import { stopAllGroups } from '../scripts/lib/process-group.js';
import { createScratchDir } from '../scripts/lib/scratch-dir.js';
import { StartupError } from '../scripts/lib/startup-error.js';
import { judge } from './lib/budgets.js';
import { measureBundles } from './lib/bundles.js';
import { changeFeedReport, measureChangeFeed } from './lib/change-feed.js';
import { mixCost } from './lib/cost.js';
import { feedDrainReport, measureFeedDrain } from './lib/feed-drain.js';
import { hostileFeedReport, measureHostileFeed } from './lib/hostile-feed.js';
import { describeMachine } from './lib/machine.js';
import { captureProcessOutput, emitJson, restoreProcessOutput, say, sayError } from './lib/output.js';
import { humanReport, jsonReport } from './lib/report.js';
import { runScale, scaleSizes } from './lib/scale-run.js';
import { startDatabase, startOfflineCopy } from './lib/services.js';
import { stageLine, stageTimer } from './lib/stage-times.js';
import { round } from './lib/stats.js';
import { BENCH_USAGE, wantsHelp } from './lib/usage.js';

const LARGE_TABLE = 'store-api-bench-10k';
const SMALL_USERS = 100;
const LARGE_USERS = 10_000;
const SMALL_PRODUCTS = 100;
const LARGE_PRODUCTS = 10_000;
/** Customer/group pairs for membership requests; under HTTP load the writes rotate over them. */
const MEMBER_PAIRS = 8;
/**
 * Fresh processes per module for module init: 212 modules × runs processes one after another. 11 took over 13 min
 * under a load average of 28 (the whole bench could not finish in 15); the median of 5 interleaved runs still
 * leaves out a burst of load elsewhere.
 */
const INIT_RUNS = 5;
/** Nine product lists: fewer pairs each than the one users list, still at least 40 and 3 s of counted runs. */
const PRODUCT_LIST_PLAN = { warmupPairs: 5, minPairs: 40, maxPairs: 400, minMeasuredMs: 3_000 };

// Like the local stage (serverless.yml): the bench sends at machine speed and must not meet the per-user limit;
// the bucket's UpdateItem is still made and counted.
process.env.RATE_LIMIT_PER_SECOND ??= '1000';
process.env.RATE_LIMIT_BURST ??= '2000';

/** `npm run bench -- --change-feed`: only the change feed's figures (a minute instead of the whole run). */
async function changeFeedOnly(): Promise<void> {
  captureProcessOutput(false);
  const { done, stages } = stageTimer(say);
  say('Starting DynamoDB Local (in memory)...');
  const database = await startDatabase([LOCAL_TABLE_NAME]);
  done('DynamoDB Local');
  say('Change feed: a burst, then a steady trickle...');
  const figures = await measureChangeFeed(database.awsEnv, LOCAL_TABLE_NAME, say);
  done('change feed');
  say('Change feed beside hanging receivers...');
  const hostile = await measureHostileFeed(database.awsEnv, LOCAL_TABLE_NAME, say);
  done('beside hanging receivers');
  say('Local feed drain rate after a bulk import...');
  const drain = await measureFeedDrain(database.awsEnv, LOCAL_TABLE_NAME, say);
  done('drain rate');
  await database.stop();
  say('');
  for (const line of [...changeFeedReport(figures), ...hostileFeedReport(hostile), ...feedDrainReport(drain)])
    say(line);
  for (const line of ['', 'Stages:', ...stages.map((stage) => `  ${stageLine(stage)}`)]) say(line);
}

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) return void process.stdout.write(BENCH_USAGE);
  // Every temporary folder of the run (the bundles, the service copy, what offline writes) goes into one private
  // TMPDIR, removed on any exit (stopEverything, Ctrl-C, an error); one left by a killed run goes at the next.
  process.env.TMPDIR = createScratchDir().path;
  if (process.argv.slice(2).includes('--change-feed')) return changeFeedOnly();
  if (process.argv.slice(2).includes('--batches')) return (await import('./lib/batches-only.js')).batchesOnly(say);
  if (process.argv.slice(2).includes('--round-trips')) {
    captureProcessOutput(false);
    return (await import('./lib/round-trips-only.js')).roundTripsOnly(say);
  }
  if (process.argv.slice(2).includes('--mcp')) return (await import('./lib/mcp-only.js')).mcpOnly(say);
  // `npm run bench -- --cost`: the cost table per API kind and the shopper mix (bench/lib/cost-only.ts).
  if (process.argv.slice(2).includes('--cost')) {
    captureProcessOutput(false);
    return (await import('./lib/cost-only.js')).costOnly(say);
  }
  if (process.argv.slice(2).includes('--import')) return (await import('./lib/import-only.js')).importOnly(say);
  // `npm run bench -- --scale[=100,10000,100000]`: only the store-at-scale figures (bench/lib/scale-run.ts).
  const scale = scaleSizes(process.argv.slice(2));
  if (scale) {
    captureProcessOutput(false);
    return runScale(scale);
  }
  // `npm run bench -- --json`, or `npm run bench --json` (npm then also moves its script banner to stderr).
  const json = process.argv.slice(2).includes('--json') || process.env.npm_config_json === 'true';
  captureProcessOutput(json);
  const started = performance.now();
  const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
  // How long each stage took (and the load average as it ended: the machine may be shared), said as each ends,
  // again at the end of the report, and in --json.
  const { done: stageDone, stages } = stageTimer(say);

  say('Bundling every function and timing module init...');
  const bundles = await measureBundles(INIT_RUNS, say);
  stageDone('bundles and module init');

  say(
    `[${elapsed()}] Starting DynamoDB Local (in memory) and seeding ${SMALL_USERS} and ${LARGE_USERS.toLocaleString('en-US')} users, ` +
      `${SMALL_PRODUCTS} and ${LARGE_PRODUCTS.toLocaleString('en-US')} products...`,
  );
  const database = await startDatabase([LOCAL_TABLE_NAME, LARGE_TABLE]);
  // Imported only now, like the dev server does: whatever lib/ creates at module scope sees DynamoDB Local.
  const { db } = await import('../lib/db/client.js');
  const { createWorld, useTable } = await import('./lib/world.js');
  const { seedUsers } = await import('./lib/seed.js');
  const { SCENARIOS } = await import('./lib/scenarios.js');
  const { entityScenarios } = await import('./lib/entity-rows.js');
  const { installRecorder } = await import('./lib/round-trips.js');
  const { measureEndpoints } = await import('./lib/endpoints.js');
  const { measureListScaling } = await import('./lib/list-scaling.js');
  const { PRODUCT_LIST_CASES } = await import('./lib/product-lists.js');
  const { loadEndpoints, DEFAULT_HTTP_PLAN } = await import('./lib/http-load.js');

  // The world's users (root, staff, customers) count towards each table's total.
  const worldUsers = 2 + MEMBER_PAIRS;
  useTable(LARGE_TABLE);
  const largeWorld = await createWorld(MEMBER_PAIRS, LARGE_PRODUCTS);
  await seedUsers(LARGE_TABLE, LARGE_USERS - worldUsers, 'large');
  useTable(LOCAL_TABLE_NAME);
  const world = await createWorld(MEMBER_PAIRS, SMALL_PRODUCTS, true);
  await seedUsers(LOCAL_TABLE_NAME, SMALL_USERS - worldUsers, 'small');
  const seeding = { small: world.seed, large: largeWorld.seed };
  say(
    `  products (create operation, ${largeWorld.seed.concurrency} at a time, items written in bulk): ` +
      `${LARGE_PRODUCTS.toLocaleString('en-US')} in ${largeWorld.seed.seconds} s ` +
      `(${largeWorld.seed.operationSeconds} s + ${largeWorld.seed.writeSeconds} s for ${largeWorld.seed.items.toLocaleString('en-US')} items), ` +
      `${SMALL_PRODUCTS} in ${world.seed.seconds} s`,
  );

  stageDone('database and seeding');

  say(`[${elapsed()}] Change feed (commit → event on the local stream)...`);
  const changeFeed = await measureChangeFeed(database.awsEnv, LOCAL_TABLE_NAME, say);
  for (const line of changeFeedReport(changeFeed)) say(line);
  stageDone('change feed');

  installRecorder(db());
  say(`[${elapsed()}] In-process requests (round trips, overhead ratio):`);
  // Then a GET of one object and a list of every entity not measured above (in-process only: the HTTP load
  // keeps to SCENARIOS).
  const endpoints = await measureEndpoints(world, LOCAL_TABLE_NAME, [...SCENARIOS, ...entityScenarios(SCENARIOS)], say);

  stageDone('in-process requests');

  const { measureBatches, batchReport } = await import('./lib/batches.js');
  say(`[${elapsed()}] Batches of 100 product updates and creates next to 100 single requests:`);
  const batches = await measureBatches(world, LOCAL_TABLE_NAME, say);
  stageDone('batches');

  const usersList = SCENARIOS.find((scenario) => scenario.functionName === 'users-list');
  if (!usersList) throw new Error('no users-list scenario');
  say(`[${elapsed()}] List scaling (${SMALL_USERS} vs ${LARGE_USERS.toLocaleString('en-US')} users and products)...`);
  const listScaling = [
    await measureListScaling(
      { scenario: usersList, label: 'unfiltered', records: 'users', budgeted: true },
      { tableName: LOCAL_TABLE_NAME, world, count: SMALL_USERS },
      { tableName: LARGE_TABLE, world: largeWorld, count: LARGE_USERS },
    ),
  ];
  for (const scalingCase of PRODUCT_LIST_CASES) {
    const figure = await measureListScaling(
      scalingCase,
      { tableName: LOCAL_TABLE_NAME, world, count: SMALL_PRODUCTS },
      { tableName: LARGE_TABLE, world: largeWorld, count: LARGE_PRODUCTS },
      PRODUCT_LIST_PLAN,
    );
    say(
      `  products ${figure.label}: ${figure.small.roundTrips}/${figure.large.roundTrips} round trips, ` +
        `${figure.small.medianMs} / ${figure.large.medianMs} ms, ratio ${figure.ratio} (${figure.pairs} pairs)`,
    );
    listScaling.push(figure);
  }
  useTable(LOCAL_TABLE_NAME);
  stageDone('list scaling');

  say(`[${elapsed()}] Starting serverless offline for the HTTP figures...`);
  const offline = await startOfflineCopy(database.awsEnv);
  const http = await loadEndpoints(offline.url, SCENARIOS, world, say, DEFAULT_HTTP_PLAN);
  await offline.stop();
  await database.stop();
  stageDone('HTTP load');

  const durationSeconds = round((performance.now() - started) / 1000, 0);
  const results = {
    machine: describeMachine(),
    endpoints,
    http,
    httpPlan: DEFAULT_HTTP_PLAN,
    bundles,
    listScaling,
    seeding,
    budgets: judge(endpoints, bundles.functions, listScaling),
    cost: mixCost(endpoints),
    changeFeed,
    durationSeconds,
  };
  say('');
  for (const line of [...humanReport(results), '', ...batchReport(batches)]) say(line);
  for (const line of ['', `Stages (${durationSeconds} s in all):`, ...stages.map((stage) => `  ${stageLine(stage)}`)])
    say(line);
  if (json) emitJson({ ...jsonReport(results), batches, stages });
}

let stopping = false;

async function stopEverything(code: number): Promise<never> {
  stopping = true;
  try {
    await stopAllGroups();
  } finally {
    restoreProcessOutput();
    process.exit(code);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    sayError(`${signal}: stopping DynamoDB Local and serverless offline...`);
    void stopEverything(130);
  });
}

main().then(
  () => stopEverything(0),
  (error: unknown) => {
    if (stopping) return;
    sayError(
      error instanceof StartupError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    );
    void stopEverything(1);
  },
);
