import type { BudgetCheck } from './budgets.js';
import {
  BUDGETS,
  bundleLimit,
  coldGetLimit,
  hasColdRoundTripBudget,
  overheadLimit,
  ROUND_TRIP_ENDPOINT,
} from './budgets.js';
import type { BundleFigures } from './bundles.js';
import type { SeedFigures } from './catalog.js';
import { type ChangeFeedFigures, changeFeedReport } from './change-feed.js';
import { costReport, type MixCost } from './cost.js';
import type { EndpointFigures } from './endpoints.js';
import type { HttpFigures, HttpPlan } from './http-load.js';
import type { ListScaling } from './list-scaling.js';
import type { Machine } from './machine.js';

export interface Results {
  machine: Machine;
  endpoints: EndpointFigures[];
  http: HttpFigures[];
  httpPlan: HttpPlan;
  bundles: BundleFigures;
  listScaling: ListScaling[];
  seeding: { small: SeedFigures; large: SeedFigures };
  budgets: BudgetCheck[];
  cost: MixCost;
  /** The change feed's latency and cost (bench/lib/change-feed.ts). */
  changeFeed: ChangeFeedFigures;
  durationSeconds: number;
}

const mark = (figure: number, limit: number | undefined) =>
  limit === undefined ? '' : figure <= limit ? ' PASS' : ' OVER';

const fmt = (n: number) => n.toLocaleString('en-US');

function table(header: string[], rows: Array<Array<string | number>>): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/** The human report: Markdown tables, readable in a terminal and pasted as is into README "Performance". */
export function humanReport(results: Results): string[] {
  const { machine, endpoints, http, bundles, listScaling, seeding, budgets } = results;
  const lines: string[] = [];
  lines.push(
    `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.memory}, Node ${machine.node}; run took ${results.durationSeconds} s.`,
    '',
    "Round trips = DynamoDB requests per API request (SDK middleware on the handlers' client); cold = first request with",
    'empty caches, warm = the next one. "cache" = AUTH_CACHE_TTL_MS=5000, the deployed default; the other columns use 0',
    '(npm start and tests: revocations act on the very next request, so nothing is reused).',
    'Overhead = median full request (in-process handler, whole middy stack, non-root caller, default config) / median',
    'of the same DynamoDB calls sent directly.',
    '',
  );
  lines.push(
    ...table(
      [
        'endpoint',
        'DynamoDB calls (non-root, cold)',
        'non-root cold / warm / warm cache',
        'root cold / warm / warm cache',
        'request ms',
        'bare ms',
        'overhead',
      ],
      endpoints.map(({ scenario, nonRoot, root, overhead }) => {
        const trips = (t: typeof nonRoot, coldJudged: boolean, warmJudged: boolean) =>
          `${t.cold}${coldJudged ? mark(t.cold, coldGetLimit(scenario.name).roundTrips) : ''} / ${t.warm} / ` +
          `${t.warmAuthCache}${warmJudged ? mark(t.warmAuthCache, BUDGETS.getByIdRoundTripsWarm) : ''}`;
        return [
          `\`${scenario.name}\``,
          nonRoot.calls,
          trips(nonRoot, hasColdRoundTripBudget(scenario.kind), scenario.name === ROUND_TRIP_ENDPOINT),
          trips(root, false, false),
          overhead.requestMedianMs.toFixed(2),
          overhead.bareMedianMs.toFixed(2),
          `${overhead.ratio.toFixed(2)}${mark(overhead.ratio, overheadLimit(scenario.kind))}`,
        ];
      }),
    ),
    '',
  );
  if (http.length > 0) {
    lines.push(
      `HTTP through serverless offline (autocannon on 127.0.0.1, ${results.httpPlan.connections} connections, ${results.httpPlan.durationSeconds} s per endpoint, non-root caller; informative):`,
      '',
      ...table(
        ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
        http.map((h) => [`\`${h.name}\``, h.requestsPerSecond, h.p50Ms, h.p99Ms, h.requests, h.non2xx, h.errors]),
      ),
      '',
    );
  }
  lines.push(
    `Functions (esbuild as serverless.yml: bundle, minify, node22, cjs, @aws-sdk/* external); init = require() time in a`,
    `fresh process over ${bundles.runsPerModule} interleaved runs: wall clock, fastest (budgeted: load only adds time) and median, and CPU`,
    `(median); baseline = a module that only creates a DynamoDB document client: ${(bundles.baseline.bundleBytes / 1000).toFixed(1)} KB,`,
    `${bundles.baseline.initFastestMs.toFixed(1)} ms wall fastest, ${bundles.baseline.initMedianMs.toFixed(1)} ms median, ${bundles.baseline.initCpuMedianMs.toFixed(1)} ms CPU.`,
    '',
    ...table(
      ['function', 'bundle KB', 'init ms wall fastest / median / CPU', 'init ratio wall', 'init ratio CPU'],
      bundles.functions.map((fn) => [
        fn.name,
        `${(fn.bundleBytes / 1000).toFixed(1)}${mark(fn.bundleBytes, bundleLimit(fn.name))}`,
        `${fn.initFastestMs.toFixed(1)} / ${fn.initMedianMs.toFixed(1)} / ${fn.initCpuMedianMs.toFixed(1)}`,
        `${fn.initRatio.toFixed(2)}${mark(fn.initRatio, BUDGETS.initRatio)}`,
        fn.initCpuRatio.toFixed(2),
      ]),
    ),
    '',
    `Tracing (the \`tracing\` stage param; lib/db/client.ts): the project's DynamoDB client created at init, as a stage without`,
    `tracing bundles it (Powertools Tracer left out) and as a traced stage bundles and runs it (every DynamoDB call an X-Ray`,
    `subsegment): ${tracerLine(bundles.tracer.off)}; ${tracerLine(bundles.tracer.on)}; the tracer adds ` +
      `${((bundles.tracer.on.bundleBytes - bundles.tracer.off.bundleBytes) / 1000).toFixed(1)} KB and ${(bundles.tracer.on.initMedianMs - bundles.tracer.off.initMedianMs).toFixed(1)} ms wall ` +
      `(${(bundles.tracer.on.initCpuMedianMs - bundles.tracer.off.initCpuMedianMs).toFixed(1)} ms CPU) to each function of a traced stage.`,
    '',
    `List scaling: page 1 (items_per_page=10) of the same request against a table of ${fmt(seeding.large.products)} records`,
    `and one of ${fmt(seeding.small.products)}, alternating (root caller, AUTH_CACHE_TTL_MS=0; round trips include the caller's`,
    `authentication). Budgeted rows: time ratio ≤ ${BUDGETS.listScaling} and no more round trips than with ${fmt(seeding.small.products)}.`,
    `Products: the products' create operation (lib/operations/crud.ts, product hooks, repository createRecord), ${seeding.large.concurrency} at`,
    `a time, its transactions collected and their items written in bulk (bench/lib/bulk-writes.ts): ${fmt(seeding.large.products)} in`,
    `${seeding.large.seconds} s (${seeding.large.operationSeconds} s operations, ${seeding.large.writeSeconds} s writing ${fmt(seeding.large.items)} items and ` +
      `${seeding.large.countItems} counts), ${fmt(seeding.small.products)} in ${seeding.small.seconds} s.`,
    '',
    ...table(
      [
        'list',
        'query',
        'round trips small / large',
        'median ms small / large',
        'ratio',
        'pairs',
        'DynamoDB calls (large)',
      ],
      listScaling.map((list) => [
        `${list.records}: ${list.label}`,
        `\`${list.query}\``,
        `${list.small.roundTrips} / ${list.large.roundTrips}${list.budgeted ? mark(list.large.roundTrips, list.small.roundTrips) : ''}`,
        `${list.small.medianMs.toFixed(2)} / ${list.large.medianMs.toFixed(2)}`,
        `${list.ratio.toFixed(2)}${list.budgeted ? mark(list.ratio, BUDGETS.listScaling) : ''}`,
        list.pairs,
        list.large.calls,
      ]),
    ),
    '',
  );
  lines.push(...costReport(results.cost), '');
  const over = budgets.filter((b) => b.status === 'OVER');
  lines.push(`Budgets: ${budgets.length - over.length} of ${budgets.length} PASS${over.length > 0 ? `; OVER:` : '.'}`);
  for (const b of over) lines.push(`  OVER  ${b.budget}: ${b.figure} > ${b.limit}`);
  lines.push('', ...changeFeedReport(results.changeFeed));
  return lines;
}

/** The --json document: the issue's shape first (endpoints, functions, listScaling), then everything else. */
export function jsonReport(results: Results): Record<string, unknown> {
  const { machine, endpoints, http, bundles, listScaling, budgets } = results;
  return {
    endpoints: endpoints.map(({ scenario, nonRoot, root, overhead }) => {
      const load = http.find((h) => h.name === scenario.name);
      return {
        name: scenario.name,
        function: scenario.functionName,
        caller: 'non-root administrator',
        calls: nonRoot.calls,
        roundTripsCold: nonRoot.cold,
        roundTripsWarm: nonRoot.warmAuthCache,
        roundTripsWarmNoCache: nonRoot.warm,
        root: {
          calls: root.calls,
          roundTripsCold: root.cold,
          roundTripsWarm: root.warmAuthCache,
          roundTripsWarmNoCache: root.warm,
        },
        overheadRatio: overhead.ratio,
        overheadBudget: overheadLimit(scenario.kind) ?? null,
        requestMedianMs: overhead.requestMedianMs,
        bareMedianMs: overhead.bareMedianMs,
        overheadPairs: overhead.pairs,
        http: load
          ? {
              requestsPerSecond: load.requestsPerSecond,
              p50Ms: load.p50Ms,
              p99Ms: load.p99Ms,
              requests: load.requests,
              non2xx: load.non2xx,
              errors: load.errors,
            }
          : null,
      };
    }),
    tracer: bundles.tracer,
    functions: bundles.functions.map((fn) => ({
      name: fn.name,
      bundleBytes: fn.bundleBytes,
      initRatio: fn.initRatio,
      initFastestMs: fn.initFastestMs,
      initMedianMs: fn.initMedianMs,
      initCpuRatio: fn.initCpuRatio,
      initCpuMedianMs: fn.initCpuMedianMs,
    })),
    listScaling: listScaling.map((list) => ({
      endpoint: list.endpoint,
      label: list.label,
      query: list.query,
      records: list.records,
      budgeted: list.budgeted,
      ratioLargeToSmall: list.ratio,
      count: { small: list.small.count, large: list.large.count },
      medianMs: { small: list.small.medianMs, large: list.large.medianMs },
      roundTrips: { small: list.small.roundTrips, large: list.large.roundTrips },
      calls: { small: list.small.calls, large: list.large.calls },
      pairs: list.pairs,
      ...(list.note ? { note: list.note } : {}),
    })),
    seeding: results.seeding,
    changeFeed: results.changeFeed,
    baseline: {
      name: 'client-only',
      bundleBytes: bundles.baseline.bundleBytes,
      initFastestMs: bundles.baseline.initFastestMs,
      initMedianMs: bundles.baseline.initMedianMs,
      initCpuMedianMs: bundles.baseline.initCpuMedianMs,
      runs: bundles.runsPerModule,
    },
    budgets,
    cost: results.cost,
    notes: {
      roundTripsCold: 'first request on an instance with empty caches',
      roundTripsWarm: 'second request on the same instance as deployed (AUTH_CACHE_TTL_MS=5000, the stage default)',
      roundTripsWarmNoCache:
        'second request with AUTH_CACHE_TTL_MS=0 (npm start and tests): every request re-reads credentials and privileges',
    },
    machine,
    durationSeconds: results.durationSeconds,
  };
}

/** One of the two tracing figures: bundle size, init and its ratio to the baseline. */
function tracerLine(fn: {
  name: string;
  bundleBytes: number;
  initMedianMs: number;
  initCpuMedianMs: number;
  initRatio: number;
}): string {
  return `${fn.name}: ${(fn.bundleBytes / 1000).toFixed(1)} KB, init ${fn.initMedianMs.toFixed(1)} ms wall / ${fn.initCpuMedianMs.toFixed(1)} ms CPU (ratio ${fn.initRatio.toFixed(2)})`;
}
