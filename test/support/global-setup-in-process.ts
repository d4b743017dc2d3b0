/**
 * Once per `vitest run`, for the `server` project: the run's stores (global-setup.ts shareStores: DynamoDB Local, the
 * table, the bootstrap administrator), reached through the in-process gateway
 * (test/support/in-process-gateway.ts), not their serverless offline.
 */
import type { TestProject } from 'vitest/node';
import { shareStores } from './global-setup.js';

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return shareStores(project, { inProcess: true });
}
