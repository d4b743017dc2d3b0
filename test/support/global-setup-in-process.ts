/**
 * Once per `vitest run`, for the `server` project: a store per pool (DynamoDB Local, the table, the bootstrap
 * administrator, the change feed) and no serverless offline — its tests reach the handlers through the in-process
 * gateway (test/support/in-process-gateway.ts). The `http` project's setup (global-setup.ts) adds offline.
 */
import type { TestProject } from 'vitest/node';
import { startStores } from './global-setup.js';
import { SERVER_POOLS } from './server-pools.js';

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return startStores(project, { offline: false, pools: SERVER_POOLS, firstName: 'in-process' });
}
