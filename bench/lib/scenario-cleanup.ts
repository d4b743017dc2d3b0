import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { deleteRecord, type RecordOf } from '../../lib/db/entity-store.js';
import { keys } from '../../lib/db/keys.js';
import { getLinkContext, writeLinkStatus } from '../../lib/db/memberships.js';
import type { TransactItem } from '../../lib/db/transact.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { instanceTable } from '../../lib/operations/instance-table.js';
import type { RecordedCall } from './round-trips.js';

/**
 * How a scenario's writes are undone after each run, split from bench/lib/scenarios.ts: the next run, and every
 * replay of its DynamoDB calls, must meet the table as the first one did.
 */

/** The link goes back to status A (the DELETE turned it to F), as a PUT would, through lib/. */
export async function restoreLink(userId: number, groupId: number): Promise<void> {
  const { user, group, link } = await getLinkContext(userId, groupId, instanceTable);
  if (!user || !group) throw new Error(`member ${userId} or group ${groupId} is gone`);
  if (link?.status !== 'A') await writeLinkStatus(user, group, link, 'A', instanceTable);
}

/** The usergroup items a run's PutItem calls wrote (POST /usergroups): removed so the next run starts equal. */
export async function deleteCreatedGroups(calls: readonly RecordedCall[]): Promise<void> {
  for (const call of calls) {
    const item = call.command === 'PutCommand' ? (call.input.Item as Record<string, unknown> | undefined) : undefined;
    if (item?.pk !== keys.usergroupPartition) continue;
    await db().send(new DeleteCommand({ TableName: config().tableName, Key: { pk: item.pk, sk: item.sk } }));
  }
}

/**
 * The records of a plain entity a run's transaction created (POST /orders, /blocks, /languages), deleted through the
 * repository (record, index items, counts, and `extra` such as a language's code marker), so the next run
 * meets the same table. The stock an order took stays taken: the products hold far more than the bench ever orders.
 */
export async function deleteCreated<D extends StoredEntityDefinition>(
  def: D,
  calls: readonly RecordedCall[],
  extra?: (current: RecordOf<D>) => TransactItem[],
): Promise<void> {
  const { pk: zero, sk } = entityKeys.record(def.storage.name, 0);
  const prefix = zero.replace(/0$/, '');
  for (const call of calls) {
    if (call.command !== 'TransactWriteCommand' || call.failed) continue;
    for (const { Put } of (call.input.TransactItems ?? []) as Array<{ Put?: { Item?: Record<string, unknown> } }>) {
      const pk = Put?.Item?.pk;
      if (typeof pk === 'string' && pk.startsWith(prefix) && Put?.Item?.sk === sk)
        await deleteRecord(def, Number(pk.slice(prefix.length)), undefined, extra);
    }
  }
}
