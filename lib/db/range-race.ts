import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryInput } from './query.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/**
 * The items of the smallest of several key ranges, each of which holds the whole match (a `q` of every
 * word: the products matching any one of its words include every answer). No count says which range is
 * smallest — a word's items are counted nowhere — so the ranges are read side by side, the same number
 * of items from each per round (DynamoDB's `Limit` counts items read, before the filter), the rounds
 * growing, until one range ends: its filtered items are the match. That costs about the number of
 * ranges × the smallest range's size, never the size of the largest (a word every product has).
 */

const FIRST_ROUND = 50;
const LARGEST_ROUND = 1000;
/**
 * The fewest items one Query of the first round reads (doubling each round, as the rounds do). A strongly
 * consistent read costs a unit per started 4 KB whatever it returns, so a share under 4 KB of text items
 * (~170 bytes each) buys nothing: with 8 partition shards a round of 50 was 7 items per Query, and a word
 * of 1,000 products took 5 rounds of 16 Queries for two words, most of them under a unit.
 */
const LEAST_SHARE = 24;

export async function smallestRangeItems(
  ranges: ReadonlyArray<{ pks: readonly string[]; input: QueryInput }>,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Record<string, unknown>[]> {
  // A range in partition shards (lib/db/partition-shards.ts) reads its share of a round from each shard, and
  // ends when every shard has.
  const states = ranges.map(({ pks, input }) => ({
    parts: pks.map((pk) => ({
      input: { ...input, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk } },
      items: [] as Record<string, unknown>[],
      startKey: undefined as Record<string, unknown> | undefined,
      ended: false,
    })),
  }));
  for (let round = 0, limit = FIRST_ROUND; ; round++, limit = Math.min(limit * 2, LARGEST_ROUND)) {
    const ended = await Promise.all(
      states.map(async (state) => {
        const least = Math.min(LEAST_SHARE * 2 ** round, Math.ceil(LARGEST_ROUND / state.parts.length));
        const share = Math.max(least, Math.ceil(limit / state.parts.length));
        await Promise.all(
          state.parts
            .filter((part) => !part.ended)
            .map(async (part) => {
              const page = await table.client.send(
                new QueryCommand({
                  ...part.input,
                  Limit: share,
                  TableName: table.tableName,
                  ExclusiveStartKey: part.startKey,
                }),
              );
              part.items.push(...(page.Items ?? []));
              part.startKey = page.LastEvaluatedKey;
              part.ended = !part.startKey;
            }),
        );
        return state.parts.every((part) => part.ended);
      }),
    );
    const done = ended.indexOf(true);
    if (done >= 0) return states[done]!.parts.flatMap((part) => part.items);
  }
}
