/** Which store (test/support/server-pools.ts) the `server` test file running in this worker uses. */
import { inject } from 'vitest';
import type { TestStore } from './server-pools.js';

/** The store of the file running in this worker. */
export function testStore(): TestStore {
  const stores = inject('stores');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  return stores[(pool - 1) % stores.length]!;
}
