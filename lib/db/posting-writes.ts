import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredEntityDefinition } from '../entities/types.js';
import type { EntityRecord } from './entity-reads.js';
import { offsetElement, POSTED_IDS, type PostingChange, postingChanges, postingsOf } from './postings.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';

/**
 * The posting updates of records' writes (lib/db/postings.ts), for their transactions: per posting item one
 * UpdateItem that ADDs the new offsets to its set and DELETEs the gone ones — commutative, so concurrent writes of
 * other records in the same chunk never overwrite each other, and no read is needed.
 */
export function postingWrites(
  writes: ReadonlyArray<readonly [StoredEntityDefinition, number, EntityRecord | undefined, EntityRecord | undefined]>,
  table: TableTarget,
): TransactItem[] {
  return postingChanges(
    writes.map(([def, id, before, after]) => [postingsOf(def, id, before), postingsOf(def, id, after)] as const),
  ).map((change) => postingUpdateIn(table, change));
}

/** One posting item's UpdateItem: ADD the new offsets, DELETE the gone ones. */
export function postingUpdate(change: PostingChange): TransactItem {
  return postingUpdateIn(DEFAULT_TABLE, change);
}

/** postingUpdate on the table `table` names (a store built from a TableContext). */
export function postingUpdateIn(table: TableTarget, change: PostingChange): TransactItem {
  const clauses: string[] = [];
  const values: Record<string, unknown> = {};
  if (change.add.length > 0) {
    clauses.push('ADD #ids :add');
    values[':add'] = new Set(change.add.map(offsetElement));
  }
  if (change.remove.length > 0) {
    clauses.push('DELETE #ids :remove');
    values[':remove'] = new Set(change.remove.map(offsetElement));
  }
  return {
    Update: {
      TableName: table.tableName,
      Key: change.key,
      UpdateExpression: clauses.join(' '),
      ExpressionAttributeNames: { '#ids': POSTED_IDS },
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Takes offsets out of a posting item outside any transaction (a failed create's, an orphan's), and the item too
 * when that left it empty — conditioned on its set being gone, so an offset another write added meanwhile stays.
 */
export async function removePostingOffsets(
  key: { pk: string; sk: string },
  offsets: Set<Uint8Array>,
  table: TableTarget = DEFAULT_TABLE,
): Promise<void> {
  const { Attributes } = await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: key,
      UpdateExpression: 'DELETE #ids :gone',
      ExpressionAttributeNames: { '#ids': POSTED_IDS },
      ExpressionAttributeValues: { ':gone': offsets },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (Attributes?.[POSTED_IDS] !== undefined) return;
  await table.client
    .send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: key,
        ConditionExpression: 'attribute_not_exists(#ids)',
        ExpressionAttributeNames: { '#ids': POSTED_IDS },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
