import { leaseSizeOf } from '../../lib/db/rate-limit.js';
import { Invoker, type PairPlan, samplePairs, setAuthCacheTtl } from './in-process.js';
import { describeCalls, isRateLimitCall, type RecordedCall, recordCapacity, roundTrips, steps } from './round-trips.js';
import type { Scenario } from './scenarios.js';
import { median, round } from './stats.js';
import type { Caller, World } from './world.js';

/** The authentication cache's lifetime in deployed stages (serverless.yml params), for the "warm with cache" figures. */
export const AUTH_CACHE_TTL_MS = 5_000;

export interface RoundTrips {
  /** First request with empty caches, AUTH_CACHE_TTL_MS=0 (npm start, tests). */
  cold: number;
  /** The next request, same instance, AUTH_CACHE_TTL_MS=0: nothing is cached, so it pays the same. */
  warm: number;
  /** First request with AUTH_CACHE_TTL_MS=5000 (empty cache). */
  coldAuthCache: number;
  /** The next request with AUTH_CACHE_TTL_MS=5000: authentication and privileges come from the cache. */
  warmAuthCache: number;
  /** The calls of the cold request, e.g. "BatchGetItem, BatchGetItem, GetItem". */
  calls: string;
  /** Sequential steps of the cold request (its waves of calls): what the caller waits for, beside how many calls. */
  steps: number;
  /** DynamoDB's consumed capacity of the warm request with the cache (what a deployed stage pays per request), the rate limit's write spread over its lease. */
  units: RequestUnits;
}

/** Read and write request units of one request; `rateLimitWrite` is the part of `write` the per-user rate limit takes. */
export interface RequestUnits {
  read: number;
  write: number;
  rateLimitWrite: number;
}

/** The per-user limit of deployed stages (serverless.yml params default: rateLimitPerSecond 50, rateLimitBurst 100). */
export const DEPLOYED_RATE_LIMIT = { rate: 50, burst: 100 };
/** The bucket's item is far below 1 KB: each of its updates is one write unit. */
const RATE_LIMIT_UPDATE_UNITS = 1;

/**
 * Units of the warm request, and of the per-user rate limit. An instance takes a busy user's tokens in leases
 * (lib/db/rate-limit.ts), so the bucket is written once per lease, not once per request; which request of the
 * bench's run happens to take the lease depends on the scenarios before it, so the bucket's write is counted as
 * one update spread over the lease of the deployed limit, for every request alike.
 */
function unitsOf(warm: readonly RecordedCall[]): RequestUnits {
  const own = warm.filter((call) => !isRateLimitCall(call));
  const sum = (pick: (call: RecordedCall) => number) => own.reduce((total, call) => total + pick(call), 0);
  const rateLimitWrite = RATE_LIMIT_UPDATE_UNITS / leaseSizeOf(DEPLOYED_RATE_LIMIT);
  return {
    read: round(
      sum((call) => call.consumed?.read ?? 0),
      3,
    ),
    write: round(sum((call) => call.consumed?.write ?? 0) + rateLimitWrite, 3),
    rateLimitWrite: round(rateLimitWrite, 3),
  };
}

export interface Overhead {
  /** Median of the full request divided by the median of its bare DynamoDB calls. */
  ratio: number;
  requestMedianMs: number;
  bareMedianMs: number;
  pairs: number;
}

export interface EndpointFigures {
  scenario: Scenario;
  nonRoot: RoundTrips;
  root: RoundTrips;
  overhead: Overhead;
}

const DEFAULT_OVERHEAD_PLAN: PairPlan = { warmupPairs: 5, minPairs: 40, maxPairs: 400, minMeasuredMs: 4_000 };

export async function measureRoundTrips(invoker: Invoker, scenario: Scenario, caller: Caller): Promise<RoundTrips> {
  setAuthCacheTtl(0);
  const cold = await invoker.request(scenario, caller);
  const warm = await invoker.request(scenario, caller);
  setAuthCacheTtl(AUTH_CACHE_TTL_MS);
  const coldCached = await invoker.request(scenario, caller);
  recordCapacity(true);
  const warmCached = await invoker.request(scenario, caller).finally(() => recordCapacity(false));
  setAuthCacheTtl(0);
  return {
    cold: roundTrips(cold.calls),
    warm: roundTrips(warm.calls),
    coldAuthCache: roundTrips(coldCached.calls),
    warmAuthCache: roundTrips(warmCached.calls),
    calls: describeCalls(cold.calls),
    steps: steps(cold.calls),
    units: unitsOf(warmCached.calls),
  };
}

/**
 * Full request vs. the same calls bare, as pairs. Every pair runs both; odd pairs replay the previous
 * request's calls first and then make the request, so neither side always runs on the caches the other just
 * warmed, and slow drifts (JIT, GC, the JVM behind DynamoDB Local, a neighbour's load) hit both equally.
 * Runs with AUTH_CACHE_TTL_MS=0: every request authenticates (the cache would only shrink both sides).
 */
async function measureOverhead(
  invoker: Invoker,
  scenario: Scenario,
  caller: Caller,
  plan: PairPlan = DEFAULT_OVERHEAD_PLAN,
): Promise<Overhead> {
  setAuthCacheTtl(0);
  let previous: RecordedCall[] | undefined;
  const { firstMs: requestMs, secondMs: bareMs } = await samplePairs(plan, async (i) => {
    if (i % 2 === 0 || !previous) {
      const request = await invoker.request(scenario, caller);
      previous = request.calls;
      return [request, await invoker.bare(scenario, request.calls)] as const;
    }
    const bare = await invoker.bare(scenario, previous);
    const request = await invoker.request(scenario, caller);
    previous = request.calls;
    return [request, bare] as const;
  });
  const requestMedianMs = median(requestMs);
  const bareMedianMs = median(bareMs);
  return {
    ratio: round(requestMedianMs / bareMedianMs, 3),
    requestMedianMs: round(requestMedianMs, 3),
    bareMedianMs: round(bareMedianMs, 3),
    pairs: requestMs.length,
  };
}

export async function measureEndpoints(
  world: World,
  tableName: string,
  scenarios: readonly Scenario[],
  progress: (line: string) => void,
): Promise<EndpointFigures[]> {
  const invoker = new Invoker(world, tableName);
  const figures: EndpointFigures[] = [];
  for (const scenario of scenarios) {
    const nonRoot = await measureRoundTrips(invoker, scenario, world.staff);
    const root = await measureRoundTrips(invoker, scenario, world.root);
    const overhead = await measureOverhead(invoker, scenario, world.staff);
    progress(
      `  ${scenario.name}: ${nonRoot.cold}/${root.cold} round trips (non-root/root), ` +
        `overhead ${overhead.ratio} (${overhead.requestMedianMs} ms vs ${overhead.bareMedianMs} ms bare, ${overhead.pairs} pairs)`,
    );
    figures.push({ scenario, nonRoot, root, overhead });
  }
  return figures;
}
