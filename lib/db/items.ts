import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { joinedRead } from './joined-reads.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/**
 * The single-item pieces every store shares: a strongly consistent read by key, a put and a delete, and telling a
 * conditional write whose condition did not hold from any other failure.
 */

/**
 * One item by its key, strongly consistent (GetItem, or part of a BatchGetItem when other reads by key start in the
 * same turn: lib/db/joined-reads.ts); undefined when there is none.
 */
export async function readItem(
  key: { pk: string; sk: string },
  table: TableTarget = DEFAULT_TABLE,
): Promise<Record<string, unknown> | undefined> {
  return (await joinedRead([key], true, table))(key);
}

/** Puts one item (PutItem); with `onlyIfAbsent`, only where no item has its key (else ConditionalCheckFailed). */
export async function writeItem(
  item: Record<string, unknown>,
  options: { onlyIfAbsent?: boolean } = {},
  table: TableTarget = DEFAULT_TABLE,
): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: item,
      ...(options.onlyIfAbsent ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    }),
  );
}

/** Deletes one item by its key (DeleteItem); none there is no error. */
export async function deleteItem(key: { pk: string; sk: string }, table: TableTarget): Promise<void> {
  await table.client.send(new DeleteCommand({ TableName: table.tableName, Key: key }));
}

/** Did a single-item write fail because its ConditionExpression did not hold? */
export function isConditionalFailure(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/** Resolves true when the conditional write went through, false when its condition did not hold. */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
