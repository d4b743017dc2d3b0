import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalFailure } from './items.js';
import { keys } from './keys.js';
import { takePresetId } from './preset-ids.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/**
 * Next integer id of a sequence, from an atomic counter item (one UpdateItem).
 * `startAfter` is the value before the first id: usergroups start after the
 * reserved 1 and 2. Ids are never reused; a failed create leaves a gap.
 */
export async function nextId(sequence: string, startAfter = 0, table: TableTarget = DEFAULT_TABLE): Promise<number> {
  // An import keeps the source's id (lib/db/preset-ids.ts); the counter is raised past it afterwards.
  const preset = takePresetId(sequence);
  if (preset !== undefined) return preset;
  const result = await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.counter(sequence),
      UpdateExpression: 'SET #value = if_not_exists(#value, :start) + :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':start': startAfter, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.value);
}

/** Makes sure a sequence never hands out `atLeast` or below (after records were written with fixed ids). */
export async function raiseCounter(
  sequence: string,
  atLeast: number,
  table: TableTarget = DEFAULT_TABLE,
): Promise<void> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.counter(sequence),
        UpdateExpression: 'SET #value = :value',
        ConditionExpression: 'attribute_not_exists(#value) OR #value < :value',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':value': atLeast },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}
