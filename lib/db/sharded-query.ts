import type { StoredEntityDefinition } from '../entities/types.js';
import { shardsReady } from './layout.js';
import { hasPartitionShards, shardPks } from './partition-shards.js';
import { type QueryInput, queryCount, queryFirst } from './query.js';

/**
 * Reading a logical partition whose items are in write shards (lib/db/partition-shards.ts): a bounded
 * scatter-gather. Each physical partition is queried in parallel for the first `limit` items of the range
 * (after the cursor's sort key, when given), and the answers are merged by sort key: every physical
 * partition is in sort-key order and a record's sort key ends with its padded id, so the merge is the
 * logical partition's order and its first `limit` items are exact. Costs one Query per shard (8 parallel
 * round trips, at least one read unit each) instead of one.
 */

/** The physical partitions holding a logical partition's items for this definition. */
export async function partitionsOf(def: StoredEntityDefinition, pk: string): Promise<string[]> {
  if (!hasPartitionShards(def)) return [pk];
  // Until the layout-4 migration has moved every record, some items are still in the logical partition.
  return (await shardsReady()) ? shardPks(pk) : [pk, ...shardPks(pk)];
}

/**
 * The first `limit` items (every one without a limit) of the same Query over several partitions, in sort-key
 * order (`descending`: reversed), after sort key `after` (exclusive) when given. `input` names `:pk`.
 */
export async function queryMerged(
  pks: readonly string[],
  input: QueryInput,
  descending: boolean,
  limit?: number,
  after?: string,
): Promise<Record<string, unknown>[]> {
  const one = (pk: string) =>
    queryFirst(
      { ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk } },
      limit,
      after === undefined ? undefined : { pk, sk: after },
    );
  if (pks.length === 1) return one(pks[0]!);
  const answers = await Promise.all(pks.map(one));
  // DynamoDB orders sort keys by their UTF-8 bytes.
  const sorted = answers.flat().sort((a, b) => {
    const order = Buffer.compare(Buffer.from(String(a.sk)), Buffer.from(String(b.sk)));
    return descending ? -order : order;
  });
  // A record's items are in one shard, so a sort key met twice is a record the layout-4 migration is moving:
  // its new item in a shard and, for a moment, its old one in the logical partition (lib/db/record-rewrite.ts).
  const merged = sorted.filter((item, i) => i === 0 || String(item.sk) !== String(sorted[i - 1]!.sk));
  return limit === undefined ? merged : merged.slice(0, limit);
}

/** How many items the same COUNT Query matches over several partitions (in parallel, added up). */
export async function countMerged(pks: readonly string[], input: QueryInput): Promise<number> {
  const counts = await Promise.all(
    pks.map((pk) =>
      queryCount({ ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk } }),
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
