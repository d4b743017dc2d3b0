import type { StoredEntityDefinition } from '../entities/types.js';
import { SHARDED_LAYOUT } from './layout.js';
import { hasPartitionShards, shardPks } from './partition-shards.js';
import { type QueryInput, queryCount, queryFirst } from './query.js';
import { distinctSorted, mergeSorted, type PartitionReader } from './shard-merge.js';
import { tableLayout } from './table-context.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/**
 * Reading a logical partition whose items are in write shards (lib/db/partition-shards.ts): a bounded
 * scatter-gather. Each physical partition is queried in parallel from the range's start (or after the cursor's
 * sort key, when given), and the answers are merged by sort key: every physical partition is in sort-key order
 * and a record's sort key ends with its padded id, so the merge is the logical partition's order and its first
 * `limit` items are exact. Costs one Query per shard (8 parallel round trips, at least one read unit each)
 * instead of one, each reading about a quarter of the page (lib/db/shard-merge.ts).
 */

/**
 * The physical partitions holding a logical partition's items for this definition: its shards, or the logical
 * partition alone for a small index's (`unshardedFrom`, once the table is on that layout).
 */
export async function partitionsOf(
  def: StoredEntityDefinition,
  range: { pk: string; unshardedFrom?: number },
  layoutOf: () => Promise<number> = tableLayout,
): Promise<string[]> {
  const { pk, unshardedFrom } = range;
  if (!hasPartitionShards(def)) return [pk];
  const layout = await layoutOf();
  if (unshardedFrom !== undefined && layout >= unshardedFrom) return [pk];
  // While a migration moves records, some items are still where the previous layout put them: before layout 4
  // in the logical partition, before a small index's `unshardedFrom` in the shards; both are read and merged.
  return layout >= SHARDED_LAYOUT && unshardedFrom === undefined ? shardPks(pk) : [pk, ...shardPks(pk)];
}

/**
 * The first `limit` items (every one without a limit) of the same Query over several partitions, in sort-key
 * order (`descending`: reversed), after sort key `after` (exclusive) when given. `input` names `:pk`. With a
 * limit, each partition is read only as far as the merge needs (lib/db/shard-merge.ts): about a quarter of the
 * page from each of 8 shards, not the whole page from each.
 */
export async function queryMerged(
  pks: readonly string[],
  input: QueryInput,
  descending: boolean,
  limit?: number,
  after?: string,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Record<string, unknown>[]> {
  const withPk = (pk: string, read?: Read): QueryInput => ({
    ...input,
    ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk },
    ...(read === undefined ? {} : { Limit: readSize(input, read) }),
  });
  const from = (pk: string, sk: string | undefined) => (sk === undefined ? undefined : { pk, sk });
  if (pks.length === 1) {
    const read = limit === undefined ? undefined : { count: limit, share: false };
    return queryFirst(withPk(pks[0]!, read), limit, from(pks[0]!, after), table);
  }
  // DynamoDB orders sort keys by their UTF-8 bytes. A record's items are in one shard, so a sort key met twice
  // is a record the layout-4 migration is moving: its new item in a shard and, for a moment, its old one in the
  // logical partition (lib/db/migrations/record-rewrite.ts); the merge keeps it once.
  const compare = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    const order = Buffer.compare(Buffer.from(String(a.sk)), Buffer.from(String(b.sk)));
    return descending ? -order : order;
  };
  if (limit === undefined) {
    const answers = await Promise.all(pks.map((pk) => queryFirst(withPk(pk), undefined, from(pk, after), table)));
    return distinctSorted(answers.flat(), compare);
  }
  const readers = pks.map(
    (pk): PartitionReader<Record<string, unknown>> =>
      (count, last) =>
        queryFirst(
          withPk(pk, { count, share: true }),
          count,
          from(pk, last === undefined ? after : String(last.sk)),
          table,
        ),
  );
  return mergeSorted(readers, compare, limit);
}

/** What a Query of one partition is to bring: `count` matches, of the whole range or of a shard's share of it. */
interface Read {
  count: number;
  share: boolean;
}

/**
 * DynamoDB's `Limit` (items read per request, before a filter) for reading `count` matches: exactly `count` without a
 * filter. With one, a few times as many, so a read is usually one request and never runs on to 1 MB of items it
 * does not need: a whole range's page reads 4× (at least 50), a shard's share 3× (at least 24: a share is small).
 */
function readSize(input: QueryInput, { count, share }: Read): number {
  if (!input.FilterExpression) return count;
  return share ? Math.min(1000, Math.max(24, count * 3)) : Math.min(1000, Math.max(50, count * 4));
}

/** How many items the same COUNT Query matches over several partitions (in parallel, added up). */
export async function countMerged(
  pks: readonly string[],
  input: QueryInput,
  table: TableTarget = DEFAULT_TABLE,
): Promise<number> {
  const counts = await Promise.all(
    pks.map((pk) =>
      queryCount({ ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk } }, table),
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
