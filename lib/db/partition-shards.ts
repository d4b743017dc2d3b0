import type { StoredEntityDefinition } from '../entities/types.js';

/**
 * Write-sharded item partitions (docs/data-model.md "Partition shards"). Every index, sort and text partition of
 * a definition with `shardedPartitions` (products, orders) — the store-wide `all` partition, a status or a
 * sort partition that every write of the kind touches, and their company copies — is split into
 * PARTITION_SHARDS partitions, `<logical pk>~<shard>`. A record's items all go to the shard its id hashes to,
 * so an update or delete finds them again; a list reads every shard of the range and merges them by the
 * sort key (lib/db/sharded-query.ts). Counts stay logical items (their own shards: lib/db/count-shards.ts).
 *
 * Why 8: AWS allows 1,000 write units per second per partition key. A price update deletes and puts a
 * price sort item (4 units in a transaction), so one unsharded sort partition allows 250 price updates per
 * second store-wide; spread over 8 it allows 2,000. A read of a range costs 8 parallel Queries instead of 1.
 */
export const PARTITION_SHARDS = 8;

/** What separates a shard number from the logical partition key it belongs to. */
export const SHARD_MARK = '~';

/**
 * The shard of a record's items: Fibonacci hashing of the id (its top bits), so consecutive ids — and ids of
 * one block, or every other id — spread evenly, and an id always lands on the same shard.
 */
export function shardOfId(id: number, shards = PARTITION_SHARDS): number {
  const bits = Math.log2(shards);
  return (Math.imul(id >>> 0, 0x9e3779b1) >>> 0) >>> (32 - bits);
}

export const shardPk = (pk: string, shard: number): string => `${pk}${SHARD_MARK}${shard}`;

/** Every physical partition key of a logical one. */
export const shardPks = (pk: string, shards = PARTITION_SHARDS): string[] =>
  Array.from({ length: shards }, (_, shard) => shardPk(pk, shard));

/** The logical key of a sharded partition key, else undefined (what a meter folds shards into). */
export function shardedBase(pk: string): string | undefined {
  const match = /^(.*)~\d+$/.exec(pk);
  return match?.[1];
}

/** Does this definition shard its index, sort and text partitions? */
export const hasPartitionShards = (def: StoredEntityDefinition): boolean => def.storage.shardedPartitions === true;
