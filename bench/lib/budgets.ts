import type { FunctionFigures } from './bundles.js';
import type { EndpointFigures } from './endpoints.js';
import type { ListScaling } from './list-scaling.js';

/** The performance budgets of the issue, each judged against the figure it names. */
export const BUDGETS = {
  getByIdRoundTripsCold: 3,
  getByIdRoundTripsWarm: 1,
  /**
   * Latency counts as well as requests (issue 40): the sequential steps (waves of DynamoDB calls, bench/lib/
   * round-trips.ts) of a GET of one object, non-root, cold — authentication's BatchGetItem, then the rest side by side.
   */
  getByIdStepsCold: 2,
  /**
   * `POST /orders`, non-root, cold: authentication's two steps (its BatchGetItem, then the bucket and the
   * privileges side by side; a write waits for them), then 3 — the reads, the order id, one transaction.
   */
  orderCreateStepsCold: 5,
  overheadGetById: 1.3,
  overheadWrite: 1.5,
  listScaling: 1.5,
  /** 350 KB, read as 350,000 bytes (the stricter reading of "KB"). */
  bundleBytes: 350_000,
  /** Of the fastest of the interleaved runs, the function's over the baseline's (bench/lib/bundles.ts says why). */
  initRatio: 2.0,
} as const;

/** The endpoint whose warm round trips (as deployed) have a budget. */
export const ROUND_TRIP_ENDPOINT = 'GET /api/usergroups/:id';
/**
 * GETs of one object whose object is more than one item, with budgets of their own (issue 40 item 4: "a budget
 * changed for a reason written beside it"). Meeting 3 requests in 2 steps would need a layout change (copying
 * each group onto its products, rewriting every member at each group change: write units for lookups, which item
 * 5 refuses), so the budget is the least the present items allow, and the bench holds them to it.
 */
export const COLD_BUDGET_EXCEPTIONS: Readonly<Record<string, { roundTrips: number; steps: number; reason: string }>> = {
  'GET /api/product_variations/:id': {
    roundTrips: 4,
    steps: 3,
    reason:
      'a variation shows its group (code, features, default product), and only the product record names its group: ' +
      'the group is read after the product (a BatchGetItem), after authentication and the product',
  },
  'GET /api/product_variations_groups/:id': {
    roundTrips: 5,
    steps: 3,
    reason:
      'a group shows its products, an index partition (variation_group_id): the keys-only Query goes out beside the ' +
      'group and the privileges, and the records it names are one BatchGetItem after it',
  },
};

/**
 * Functions with a bundle budget of their own. `docs-page` (GET /api/docs) embeds Swagger UI's JavaScript and CSS
 * as text (swagger-ui-dist, ~1.9 MB), so the API's documentation page loads nothing from a CDN. The 350 KB budget
 * stands for module init (cold start); these bytes are strings the module holds, not code it runs: its init ratio
 * is ~0.3, the lowest of all functions, and that stays budgeted at 2.0. Meeting 350 KB would mean serving the
 * assets from somewhere else (an S3 bucket or a CDN: one more resource, or a third party, for a docs page).
 */
export const BUNDLE_BYTES_EXCEPTIONS: Readonly<Record<string, number>> = {
  'docs-page': 2_500_000,
  // The dispatchers (/api.php, and the MCP server whose tools run the entity handlers in-process) hold every
  // entity's handler by design: they run any operation with the REST path's own code, so their bundle is the sum of
  // the API (~375 KB for api-php, ~400 KB for mcp, measured 2026-11-29). Splitting them would mean a second copy of
  // each operation's path; their init ratio stays budgeted at 2.0 like every function's.
  'api-php': 450_000,
  mcp: 450_000,
  // The REST stage's catch-all (`fallback`: /api/{proxy+}, every path no operation's own route takes) and the store
  // prefix's dispatcher (`company-context`: /api/stores/{id}/… and /api/vendors/{id}/…, which API Gateway cannot route
  // per operation) run any operation in-process too, so they bundle the same handler set as api-php: 379,620 bytes
  // each (measured 2026-11-29, npm run bench's bundle stage), over 350 KB for the same reason and by the same margin.
  fallback: 450_000,
  'company-context': 450_000,
};

/** The order create whose sequential steps have a budget (bench/lib/scenarios.ts). */
export const ORDER_CREATE_ENDPOINT = 'POST /api/orders (5 lines)';

/**
 * "≤ 3 DynamoDB round trips for an authenticated GET of one object with nothing cached": every GET of one
 * object, as a non-root administrator, cold.
 */
export const hasColdRoundTripBudget = (kind: EndpointFigures['scenario']['kind']) => kind === 'get-by-id';

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

/** The bundle budget of a function: the common one, or its own (BUNDLE_BYTES_EXCEPTIONS). */
export const bundleLimit = (name: string): number => BUNDLE_BYTES_EXCEPTIONS[name] ?? BUDGETS.bundleBytes;

/** The cold budget of a GET of one object: the common one, or its own (COLD_BUDGET_EXCEPTIONS). */
export function coldGetLimit(name: string): { roundTrips: number; steps: number } {
  return COLD_BUDGET_EXCEPTIONS[name] ?? { roundTrips: BUDGETS.getByIdRoundTripsCold, steps: BUDGETS.getByIdStepsCold };
}

/** The cold request budgets (requests and sequential steps), judged by `npm run bench` and `--round-trips`. */
export function roundTripChecks(endpoints: readonly Pick<EndpointFigures, 'scenario' | 'nonRoot'>[]): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const { scenario, nonRoot } of endpoints) {
    if (hasColdRoundTripBudget(scenario.kind)) {
      const limit = coldGetLimit(scenario.name);
      checks.push(check(`${scenario.name} round trips, non-root, cold`, nonRoot.cold, limit.roundTrips));
      checks.push(check(`${scenario.name} sequential steps, non-root, cold`, nonRoot.steps, limit.steps));
    }
    if (scenario.name === ORDER_CREATE_ENDPOINT) {
      checks.push(
        check(`${scenario.name} sequential steps, non-root, cold`, nonRoot.steps, BUDGETS.orderCreateStepsCold),
      );
    }
  }
  return checks;
}

export function judge(
  endpoints: readonly EndpointFigures[],
  functions: readonly FunctionFigures[],
  scaling: readonly ListScaling[],
): BudgetCheck[] {
  const checks: BudgetCheck[] = roundTripChecks(endpoints);
  for (const { scenario, nonRoot } of endpoints) {
    if (scenario.name === ROUND_TRIP_ENDPOINT) {
      // Judged as deployed: stages default to AUTH_CACHE_TTL_MS=5000 (serverless.yml params). With 0 (npm start,
      // tests) a warm request pays the cold price by design; that figure is in the table, not budgeted.
      checks.push(
        check(
          `${ROUND_TRIP_ENDPOINT} round trips, non-root, warm, AUTH_CACHE_TTL_MS=5000 (deployed default)`,
          nonRoot.warmAuthCache,
          BUDGETS.getByIdRoundTripsWarm,
        ),
      );
    }
  }
  for (const { scenario, overhead } of endpoints) {
    const limit = overheadLimit(scenario.kind);
    if (limit !== undefined) checks.push(check(`${scenario.name} overhead ratio`, overhead.ratio, limit));
  }
  for (const list of scaling.filter(({ budgeted }) => budgeted)) {
    const what = `${list.endpoint} ${list.label}, ${list.large.count} vs ${list.small.count} ${list.records}`;
    checks.push(check(`${what}: time ratio`, list.ratio, BUDGETS.listScaling));
    // Deterministic: page 1 makes the same DynamoDB requests whatever the table holds.
    checks.push(
      check(
        `${what}: round trips (at most as many as with ${list.small.count})`,
        list.large.roundTrips,
        list.small.roundTrips,
      ),
    );
  }
  for (const fn of functions) {
    checks.push(check(`${fn.name} bundle bytes`, fn.bundleBytes, bundleLimit(fn.name)));
    checks.push(check(`${fn.name} init ratio`, fn.initRatio, BUDGETS.initRatio));
  }
  return checks;
}
