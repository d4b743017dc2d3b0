import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** The pages of a Query, following LastEvaluatedKey (from `after`, exclusive, when given); stop iterating to stop reading. */
export async function* queryPages(
  input: QueryInput,
  after?: Record<string, unknown>,
  table: TableTarget = DEFAULT_TABLE,
): AsyncGenerator<Record<string, unknown>[]> {
  let startKey: Record<string, unknown> | undefined = after;
  do {
    const page = await table.client.send(
      new QueryCommand({ ...input, TableName: table.tableName, ExclusiveStartKey: startKey }),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches. */
export async function queryAll(
  input: QueryInput,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Record<string, unknown>[]> {
  return queryFirst(input, undefined, undefined, table);
}

/**
 * The first `limit` items a Query matches (every one without a limit), from `after` (exclusive) when given,
 * reading no page beyond the one that reaches the limit: a page of a list read in key order.
 */
export async function queryFirst(
  input: QueryInput,
  limit?: number,
  after?: Record<string, unknown>,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input, after, table)) {
    items.push(...page);
    if (limit !== undefined && items.length >= limit) break;
  }
  return limit === undefined ? items : items.slice(0, limit);
}

/** How many items a Query matches (after its FilterExpression), following LastEvaluatedKey. */
export async function queryCount(input: QueryInput, table: TableTarget = DEFAULT_TABLE): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({ ...input, Select: 'COUNT', TableName: table.tableName, ExclusiveStartKey: startKey }),
    );
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}
