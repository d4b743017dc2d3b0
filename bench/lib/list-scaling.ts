import { median, round } from './stats.js';
import { Invoker, samplePairs, setAuthCacheTtl, type PairPlan } from './in-process.js';
import { roundTrips } from './round-trips.js';
import type { Scenario } from './scenarios.js';
import type { World } from './world.js';

export interface ScaledTable {
  tableName: string;
  world: World;
  users: number;
}

export interface ListScaling {
  endpoint: string;
  query: string;
  small: { users: number; medianMs: number; roundTrips: number };
  large: { users: number; medianMs: number; roundTrips: number };
  /** Median latency with the large table divided by the median with the small one. */
  ratio: number;
  pairs: number;
}

/**
 * The same list request against two tables of the same DynamoDB Local that differ only in how many users
 * they hold, alternating between them (which one goes first alternates too), so noise hits both alike.
 */
export async function measureListScaling(
  scenario: Scenario,
  small: ScaledTable,
  large: ScaledTable,
  plan: PairPlan = { warmupPairs: 5, minPairs: 60, maxPairs: 500, minMeasuredMs: 4_000 },
): Promise<ListScaling> {
  setAuthCacheTtl(0);
  const smallInvoker = new Invoker(small.world, small.tableName);
  const largeInvoker = new Invoker(large.world, large.tableName);
  const runSmall = () => smallInvoker.request(scenario, small.world.root);
  const runLarge = () => largeInvoker.request(scenario, large.world.root);
  const { firstMs: smallMs, secondMs: largeMs, last } = await samplePairs(plan, async (i) => {
    if (i % 2 === 0) return [await runSmall(), await runLarge()] as const;
    const largeRun = await runLarge();
    return [await runSmall(), largeRun] as const;
  });
  const smallTrips = roundTrips(last[0].calls);
  const largeTrips = roundTrips(last[1].calls);
  const smallMedian = median(smallMs);
  const largeMedian = median(largeMs);
  return {
    endpoint: scenario.name,
    query: 'page=1&items_per_page=10',
    small: { users: small.users, medianMs: round(smallMedian, 3), roundTrips: smallTrips },
    large: { users: large.users, medianMs: round(largeMedian, 3), roundTrips: largeTrips },
    ratio: round(largeMedian / smallMedian, 3),
    pairs: smallMs.length,
  };
}
