import { definitionsWhere, layoutMigration } from './layout-walk.js';

/**
 * Layout 8: the items of a small index (`unshardedSince` with 8: a customer's orders, a variation group's products)
 * move from the partition shards back into their logical partition, one Query per lookup instead of one per shard.
 * - Rewrites: every record of those definitions, its items moved in the transaction of its rewrite.
 * - Meanwhile: those lookups read the logical partition and the shards side by side (lib/db/sharded-query.ts
 *   partitionsOf).
 * - Done: the layout marker raised to 8, then its done marker.
 */
export const layout8 = layoutMigration(
  8,
  "a customer's orders and a variation group's products in one partition each (no write shards)",
  () => definitionsWhere((def) => Object.values(def.storage.unshardedSince ?? {}).includes(8)),
);
