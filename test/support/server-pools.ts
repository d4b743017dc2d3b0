/**
 * The `server` project runs SERVER_POOLS test files at a time, each against a store of its own (DynamoDB Local,
 * table, change feed, serverless offline: test/support/test-store.ts), so that no two files ever share data, the
 * login limiter or the event feed, as when they ran one at a time against one store. A file finds its store by
 * VITEST_POOL_ID, which Vitest keeps unique among the files running at once (1 … maxWorkers): test/support/store.ts.
 */
export const SERVER_POOLS = 2;
/**
 * The `http` project's stores (serverless offline each). Vitest numbers the files running at once across projects
 * 1 … maxWorkers, so this equals SERVER_POOLS: two `http` files running at once never share a store.
 */
export const HTTP_POOLS = SERVER_POOLS;

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
