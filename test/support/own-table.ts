/**
 * For a test that builds a store over a table of its own (lib/db/table-context.ts tableContextOf): a client that
 * notes the tables each command names, and this instance's client swapped for one that refuses every call, so the
 * test proves no step of the store reaches the instance's table.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setDocumentClientForTests } from '../../lib/db/client.js';
import type { Caller } from '../../lib/entities/caller.js';

/** A root administrator calling the store's operations directly (`userId`: whether it is one of the table's users). */
export const rootCallerOf = (userId: number): Caller => ({
  userId,
  email: 'root@example.com',
  userType: 'A',
  isRoot: true,
  companyId: 0,
  activeGroupIds: [],
});

/** Every table a command names: TableName, a batch's RequestItems, a transaction's items. */
function tablesOf(input: Record<string, unknown>): string[] {
  const named = typeof input.TableName === 'string' ? [input.TableName] : [];
  const batch = Object.keys((input.RequestItems as object | undefined) ?? {});
  const items = ((input.TransactItems as Array<Record<string, { TableName?: string }>> | undefined) ?? []).flatMap(
    (item) => Object.values(item).flatMap((part) => (part.TableName ? [part.TableName] : [])),
  );
  return [...named, ...batch, ...items];
}

/** A document client that notes the tables of each command it sends. */
export function noting(real: DynamoDBDocumentClient, tables: string[]): DynamoDBDocumentClient {
  return {
    send: (command: { input: Record<string, unknown> }) => {
      tables.push(...tablesOf(command.input));
      return real.send(command as never);
    },
  } as unknown as DynamoDBDocumentClient;
}

/**
 * Runs `body` while this instance's client refuses every call, noting each command's name in `calls`; the shared
 * client is restored afterwards.
 */
export async function withInstanceRefusing(calls: string[], body: () => Promise<void>): Promise<void> {
  setDocumentClientForTests({
    send: (command: object) => {
      calls.push(command.constructor.name);
      return Promise.reject(new Error('the instance table was reached'));
    },
  } as unknown as DynamoDBDocumentClient);
  try {
    await body();
  } finally {
    setDocumentClientForTests(undefined);
  }
}
