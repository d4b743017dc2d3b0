/**
 * The `server` project runs SERVER_POOLS test files at a time, each against a store of its own (DynamoDB Local,
 * table, serverless offline: test/support/test-store.ts), so that no two files ever share data, the
 * login limiter or the event feed, as when they ran one at a time against one store. A file finds its store by
 * VITEST_POOL_ID, which Vitest keeps unique among the files running at once (1 … maxWorkers): test/support/store.ts.
 */
export const SERVER_POOLS = poolsFrom('SERVER_POOLS', 2);
/**
 * The `http` project's stores (serverless offline each). Vitest numbers the files running at once across projects
 * 1 … maxWorkers, so this equals SERVER_POOLS: two `http` files running at once never share a store.
 */
export const HTTP_POOLS = poolsFrom('HTTP_POOLS', SERVER_POOLS);

/**
 * SERVER_POOLS / HTTP_POOLS in the environment: one file run alone (`SERVER_POOLS=1 npx vitest run --project server
 * <file>`) then starts one store instead of two, each a DynamoDB Local (and, for `http`, serverless offline) that
 * the file would never use. A file finds its store modulo the count (test/support/store.ts), so any count is safe.
 */
function poolsFrom(variable: string, fallback: number): number {
  const value = process.env[variable];
  if (value === undefined || value === '') return fallback;
  const pools = Number(value);
  if (!Number.isInteger(pools) || pools < 1)
    throw new Error(`${variable} must be a whole number of 1 or more, not '${value}'`);
  return pools;
}

export interface TestStore {
  /** http://127.0.0.1:PORT of serverless offline; paths start with /api. Empty: in-process (store-fetch.ts). */
  baseUrl: string;
  /** http://127.0.0.1:PORT of DynamoDB Local. */
  dynamoEndpoint: string;
  tableName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per pool, in pool order. */
    stores: TestStore[];
    adminEmail: string;
    adminKey: string;
  }
}
