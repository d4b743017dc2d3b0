import type { FunctionFigures } from './bundles.js';
import type { EndpointFigures } from './endpoints.js';
import type { ListScaling } from './list-scaling.js';

/** The performance budgets of the issue, each judged against the figure it names. */
export const BUDGETS = {
  getByIdRoundTripsCold: 3,
  getByIdRoundTripsWarm: 1,
  overheadGetById: 1.3,
  overheadWrite: 1.5,
  listScaling: 1.5,
  /** 350 KB, read as 350,000 bytes (the stricter reading of "KB"). */
  bundleBytes: 350_000,
  initRatio: 2.0,
} as const;

/** The endpoint whose round trips have a budget. */
export const ROUND_TRIP_ENDPOINT = 'GET /api/usergroups/:id';

export interface BudgetCheck {
  budget: string;
  figure: number;
  limit: number;
  status: 'PASS' | 'OVER';
}

const check = (budget: string, figure: number, limit: number): BudgetCheck => ({
  budget,
  figure,
  limit,
  status: figure <= limit ? 'PASS' : 'OVER',
});

export function overheadLimit(kind: EndpointFigures['scenario']['kind']): number | undefined {
  if (kind === 'get-by-id') return BUDGETS.overheadGetById;
  if (kind === 'write') return BUDGETS.overheadWrite;
  return undefined;
}

export function judge(endpoints: readonly EndpointFigures[], functions: readonly FunctionFigures[], scaling: ListScaling): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const target = endpoints.find(({ scenario }) => scenario.name === ROUND_TRIP_ENDPOINT);
  if (target) {
    checks.push(
      check(`${ROUND_TRIP_ENDPOINT} round trips, non-root, cold`, target.nonRoot.cold, BUDGETS.getByIdRoundTripsCold),
      // Judged as deployed: stages default to AUTH_CACHE_TTL_MS=5000 (serverless.yml params). With 0 (npm start,
      // tests) a warm request pays the cold price by design; that figure is in the table, not budgeted.
      check(`${ROUND_TRIP_ENDPOINT} round trips, non-root, warm, AUTH_CACHE_TTL_MS=5000 (deployed default)`, target.nonRoot.warmAuthCache, BUDGETS.getByIdRoundTripsWarm),
    );
  }
  for (const { scenario, overhead } of endpoints) {
    const limit = overheadLimit(scenario.kind);
    if (limit !== undefined) checks.push(check(`${scenario.name} overhead ratio`, overhead.ratio, limit));
  }
  checks.push(check(`${scaling.endpoint} list scaling ${scaling.large.users} vs ${scaling.small.users} users`, scaling.ratio, BUDGETS.listScaling));
  for (const fn of functions) {
    checks.push(check(`${fn.name} bundle bytes`, fn.bundleBytes, BUDGETS.bundleBytes));
    checks.push(check(`${fn.name} init ratio`, fn.initRatio, BUDGETS.initRatio));
  }
  return checks;
}
