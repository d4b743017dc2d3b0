import { ENTITIES } from '../../lib/entities/registry.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { hasPartitionShards } from '../../lib/db/partition-shards.js';
import type { Migration } from './migration.js';
import { raiseLayoutMarker, rewriteRecords } from './migration-rewrite.js';

/**
 * Layout 3: the index, sort and text items of the definitions with `shardedPartitions` (products, orders)
 * move from their logical partitions into the partition shard of their record's id (lib/db/partition-shards.ts).
 * Each record moves in one transaction (scripts/lib/migration-rewrite.ts); until the marker says 3, lists read a
 * range's logical partition and its shards together, so they answer the same throughout. Counts do not move.
 */
export const layout3: Migration = {
  id: 'layout-3',
  description: 'index, sort and text items of products and orders in write shards',
  async run(options, progress) {
    const defs = Object.values(ENTITIES)
      .filter((entity): entity is StoredEntityDefinition => 'storage' in entity && hasPartitionShards(entity as StoredEntityDefinition))
      .sort((a, b) => a.storage.localeCompare(b.storage));
    await rewriteRecords(this.id, defs, 3, options, progress);
    await raiseLayoutMarker(3);
  },
};
