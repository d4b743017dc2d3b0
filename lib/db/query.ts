import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';

export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** The pages of a Query, following LastEvaluatedKey (from `after`, exclusive, when given); stop iterating to stop reading. */
export async function* queryPages(
  input: QueryInput,
  after?: Record<string, unknown>,
): AsyncGenerator<Record<string, unknown>[]> {
  let startKey: Record<string, unknown> | undefined = after;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, TableName: config().tableName, ExclusiveStartKey: startKey }),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches. */
export async function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  return queryFirst(input);
}

/**
 * The first `limit` items a Query matches (every one without a limit), from `after` (exclusive) when given,
 * reading no page beyond the one that reaches the limit: a page of a list read in key order.
 */
export async function queryFirst(
  input: QueryInput,
  limit?: number,
  after?: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input, after)) {
    items.push(...page);
    if (limit !== undefined && items.length >= limit) break;
  }
  return limit === undefined ? items : items.slice(0, limit);
}

/** How many items a Query matches (after its FilterExpression), following LastEvaluatedKey. */
export async function queryCount(input: QueryInput): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, Select: 'COUNT', TableName: config().tableName, ExclusiveStartKey: startKey }),
    );
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}
