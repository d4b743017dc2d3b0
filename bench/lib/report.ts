import type { BudgetCheck } from './budgets.js';
import { BUDGETS, overheadLimit, ROUND_TRIP_ENDPOINT } from './budgets.js';
import type { BundleFigures } from './bundles.js';
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
  listScaling: ListScaling;
  budgets: BudgetCheck[];
  durationSeconds: number;
}

const mark = (figure: number, limit: number | undefined) => (limit === undefined ? '' : figure <= limit ? ' PASS' : ' OVER');

function table(header: string[], rows: Array<Array<string | number>>): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** The human report: Markdown tables, readable in a terminal and pasted as is into README "Performance". */
export function humanReport(results: Results): string[] {
  const { machine, endpoints, http, bundles, listScaling, budgets } = results;
  const lines: string[] = [];
  lines.push(
    `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.memory}, Node ${machine.node}; run took ${results.durationSeconds} s.`,
    '',
    'Round trips = DynamoDB requests per API request (SDK middleware on the handlers\' client); cold = first request with',
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
        const trips = (t: typeof nonRoot, judged: boolean) =>
          judged
            ? `${t.cold}${mark(t.cold, BUDGETS.getByIdRoundTripsCold)} / ${t.warm} / ${t.warmAuthCache}${mark(t.warmAuthCache, BUDGETS.getByIdRoundTripsWarm)}`
            : `${t.cold} / ${t.warm} / ${t.warmAuthCache}`;
        return [
          `\`${scenario.name}\``,
          nonRoot.calls,
          trips(nonRoot, scenario.name === ROUND_TRIP_ENDPOINT),
          trips(root, false),
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
    `Functions (esbuild as serverless.yml: bundle, minify, node22, cjs, @aws-sdk/* external); init = median require() time in a`,
    `fresh process over ${bundles.runsPerModule} interleaved runs, wall clock (budgeted) and CPU; baseline = a module that only creates`,
    `a DynamoDB document client: ${(bundles.baseline.bundleBytes / 1000).toFixed(1)} KB, ${bundles.baseline.initMedianMs.toFixed(1)} ms wall, ${bundles.baseline.initCpuMedianMs.toFixed(1)} ms CPU.`,
    '',
    ...table(
      ['function', 'bundle KB', 'init ms wall / CPU', 'init ratio wall', 'init ratio CPU'],
      bundles.functions.map((fn) => [
        fn.name,
        `${(fn.bundleBytes / 1000).toFixed(1)}${mark(fn.bundleBytes, BUDGETS.bundleBytes)}`,
        `${fn.initMedianMs.toFixed(1)} / ${fn.initCpuMedianMs.toFixed(1)}`,
        `${fn.initRatio.toFixed(2)}${mark(fn.initRatio, BUDGETS.initRatio)}`,
        fn.initCpuRatio.toFixed(2),
      ]),
    ),
    '',
    `List scaling, \`${listScaling.endpoint}?${listScaling.query}\` (root caller, ${listScaling.pairs} interleaved pairs):`,
    '',
    ...table(
      ['users', 'median ms', 'round trips'],
      [listScaling.small, listScaling.large].map((side) => [side.users.toLocaleString('en-US'), side.medianMs.toFixed(2), side.roundTrips]),
    ),
    '',
    `ratio ${listScaling.large.users.toLocaleString('en-US')} / ${listScaling.small.users}: ${listScaling.ratio.toFixed(2)}${mark(listScaling.ratio, BUDGETS.listScaling)}`,
    '',
  );
  const over = budgets.filter((b) => b.status === 'OVER');
  lines.push(`Budgets: ${budgets.length - over.length} of ${budgets.length} PASS${over.length > 0 ? `; OVER:` : '.'}`);
  for (const b of over) lines.push(`  OVER  ${b.budget}: ${b.figure} > ${b.limit}`);
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
          ? { requestsPerSecond: load.requestsPerSecond, p50Ms: load.p50Ms, p99Ms: load.p99Ms, requests: load.requests, non2xx: load.non2xx, errors: load.errors }
          : null,
      };
    }),
    functions: bundles.functions.map((fn) => ({
      name: fn.name,
      bundleBytes: fn.bundleBytes,
      initRatio: fn.initRatio,
      initMedianMs: fn.initMedianMs,
      initCpuRatio: fn.initCpuRatio,
      initCpuMedianMs: fn.initCpuMedianMs,
    })),
    listScaling: {
      endpoint: listScaling.endpoint,
      query: listScaling.query,
      ratio10kTo100: listScaling.ratio,
      users: { small: listScaling.small.users, large: listScaling.large.users },
      medianMs: { small: listScaling.small.medianMs, large: listScaling.large.medianMs },
      roundTrips: { small: listScaling.small.roundTrips, large: listScaling.large.roundTrips },
      pairs: listScaling.pairs,
    },
    baseline: {
      name: 'client-only',
      bundleBytes: bundles.baseline.bundleBytes,
      initMedianMs: bundles.baseline.initMedianMs,
      initCpuMedianMs: bundles.baseline.initCpuMedianMs,
      runs: bundles.runsPerModule,
    },
    budgets,
    notes: {
      roundTripsCold: 'first request on an instance with empty caches',
      roundTripsWarm: 'second request on the same instance as deployed (AUTH_CACHE_TTL_MS=5000, the stage default)',
      roundTripsWarmNoCache: 'second request with AUTH_CACHE_TTL_MS=0 (npm start and tests): every request re-reads credentials and privileges',
    },
    machine,
    durationSeconds: results.durationSeconds,
  };
}
