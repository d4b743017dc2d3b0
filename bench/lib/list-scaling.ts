import { Invoker, type PairPlan, samplePairs, setAuthCacheTtl } from './in-process.js';
import { describeCalls, roundTrips } from './round-trips.js';
import type { Scenario } from './scenarios.js';
import { median, round } from './stats.js';
import type { World } from './world.js';

export interface ScaledTable {
  tableName: string;
  world: World;
  /** How many of the listed records the table holds. */
  count: number;
}

export interface ScaledSide {
  count: number;
  medianMs: number;
  roundTrips: number;
  /** The DynamoDB calls of the request, e.g. "BatchGetItem, 2×Query/GetItem ∥, BatchGetItem". */
  calls: string;
}

export interface ListScaling {
  endpoint: string;
  /** What the request selects, for people: `unfiltered`, `cid=<top category> (subcats=Y)`. */
  label: string;
  /** The query string as sent to the small table (ids are the same in both). */
  query: string;
  /** What the tables differ in: `users`, `products`. */
  records: string;
  small: ScaledSide;
  large: ScaledSide;
  /** Median latency with the large table divided by the median with the small one. */
  ratio: number;
  pairs: number;
  /** Whether the list-scaling budgets (time ratio, equal round trips) apply. */
  budgeted: boolean;
  /** Why an unbudgeted list grows, or what it reads. */
  note?: string;
}

export interface ScalingCase {
  scenario: Scenario;
  label: string;
  records: string;
  budgeted: boolean;
  note?: string;
}

const DEFAULT_PLAN: PairPlan = { warmupPairs: 5, minPairs: 60, maxPairs: 500, minMeasuredMs: 4_000 };

/**
 * The same list request against two tables of the same DynamoDB Local that differ only in how many records
 * they hold, alternating between them (which one goes first alternates too), so noise hits both alike.
 * Root caller, AUTH_CACHE_TTL_MS=0.
 */
export async function measureListScaling(
  { scenario, label, records, budgeted, note }: ScalingCase,
  small: ScaledTable,
  large: ScaledTable,
  plan: PairPlan = DEFAULT_PLAN,
): Promise<ListScaling> {
  setAuthCacheTtl(0);
  const smallInvoker = new Invoker(small.world, small.tableName);
  const largeInvoker = new Invoker(large.world, large.tableName);
  const runSmall = () => smallInvoker.request(scenario, small.world.root);
  const runLarge = () => largeInvoker.request(scenario, large.world.root);
  const {
    firstMs: smallMs,
    secondMs: largeMs,
    last,
  } = await samplePairs(plan, async (i) => {
    if (i % 2 === 0) return [await runSmall(), await runLarge()] as const;
    const largeRun = await runLarge();
    return [await runSmall(), largeRun] as const;
  });
  const side = (table: ScaledTable, ms: number[], run: (typeof last)[number]): ScaledSide => ({
    count: table.count,
    medianMs: round(median(ms), 3),
    roundTrips: roundTrips(run.calls),
    calls: describeCalls(run.calls),
  });
  const smallSide = side(small, smallMs, last[0]);
  const largeSide = side(large, largeMs, last[1]);
  return {
    endpoint: scenario.name,
    label,
    query: new URLSearchParams(scenario.request(small.world, small.world.root).query ?? {}).toString(),
    records,
    small: smallSide,
    large: largeSide,
    ratio: round(largeSide.medianMs / smallSide.medianMs, 3),
    pairs: smallMs.length,
    budgeted,
    ...(note ? { note } : {}),
  };
}
