import { hasPartitionShards } from '../partition-shards.js';
import { definitionsWhere, layoutMigration } from './layout-walk.js';

/**
 * Layout 4: the index, sort and text items of the definitions with `shardedPartitions` (products and orders) move
 * from their logical partitions into the partition shard of their record's id (lib/db/partition-shards.ts).
 * - Rewrites: each record in the one transaction of its rewrite (the items deleted where they were, put where they go;
 *   counts untouched). A record whose move needs more than one transaction deletes its old items after it
 *   (record-rewrite.ts).
 * - Meanwhile: lists read a range's logical partition and its shards together (lib/db/sharded-query.ts), dropping an
 *   item met twice, so they answer the same throughout.
 * - Done: the layout marker raised to 4 (lists read the shards only), then its done marker.
 */
export const layout4 = layoutMigration(4, 'index, sort and text items of products and orders in write shards', () =>
  definitionsWhere(hasPartitionShards),
);
