import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UsergroupStatus, UsergroupType } from '../entities/usergroups.js';
import { NotFoundError } from '../errors.js';
import { log } from '../log.js';
import { batchGetInOrder } from './batch-get.js';
import { deleteItems } from './batch-write.js';
import { nextId } from './counters.js';
import { conditionHeld, isConditionalFailure, readItem } from './items.js';
import { GSI1, keys } from './keys.js';
import { queryAll, queryFirst, queryPages } from './query.js';
import { type UsergroupRecord, withoutKeys } from './records.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/** Ids 1 and 2 are built in (SPEC §6): readable by id, never listed, never changed. */
export const RESERVED_USERGROUPS: ReadonlyMap<number, UsergroupRecord> = new Map([
  [1, { usergroup_id: 1, type: 'C', status: 'A', usergroup: 'Guest' }],
  [2, { usergroup_id: 2, type: 'C', status: 'A', usergroup: 'Registered' }],
]);

export const isReservedUsergroup = (id: number) => RESERVED_USERGROUPS.has(id);

/** New groups are numbered after the reserved ones. */
const LAST_RESERVED_ID = 2;

export async function getUsergroup(id: number, table: TableTarget): Promise<UsergroupRecord | undefined> {
  const reserved = RESERVED_USERGROUPS.get(id);
  if (reserved) return reserved;
  const item = await readItem(keys.usergroup(id), table);
  return item ? withoutKeys<UsergroupRecord>(item) : undefined;
}

/** Every stored group (reserved ones excluded), in id order: one partition, strongly consistent. */
export async function listUsergroups(table: TableTarget): Promise<UsergroupRecord[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.usergroupPartition },
      ConsistentRead: true,
    },
    table,
  );
  return items.map((item) => withoutKeys<UsergroupRecord>(item));
}

export interface UsergroupFields {
  type: UsergroupType;
  status: UsergroupStatus;
  usergroup?: string;
}

export async function createUsergroup(fields: UsergroupFields, table: TableTarget): Promise<UsergroupRecord> {
  const group: UsergroupRecord = {
    usergroup_id: await nextId('usergroup', LAST_RESERVED_ID, table),
    type: fields.type,
    status: fields.status,
    usergroup: fields.usergroup ?? '',
    members_rev: 0,
  };
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...keys.usergroup(group.usergroup_id), ...group },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return group;
}

/** What a write was judged on: the group's type (guards depend on it) and, when it becomes type A, its members_rev. */
export interface JudgedUsergroup {
  type: UsergroupType;
  /** Set when the write turns the group into an administrator group: no customer link may have been written since. */
  membersRev?: number;
  /** Set when an If-Match was judged on the group: its shown status and name must not have changed either. */
  shown?: { status: string; usergroup: string };
}

/** The condition (and its names and values) that the group still shows `shown` (an If-Match judged on it). */
function shownCondition(shown: JudgedUsergroup['shown']): {
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  if (!shown) return { condition: '', names: {}, values: {} };
  return {
    condition: ' AND #status = :shownStatus AND #shownName = :shownName',
    names: { '#status': 'status', '#shownName': 'usergroup' },
    values: { ':shownStatus': shown.status, ':shownName': shown.usergroup },
  };
}

/**
 * PUT /usergroups/:id, conditioned on the group still being as judged. Returns
 * false when it is gone or changed: the caller re-reads and judges again.
 */
export async function updateUsergroup(
  id: number,
  fields: UsergroupFields,
  judged: JudgedUsergroup,
  table: TableTarget,
): Promise<boolean> {
  const names: Record<string, string> = { '#type': 'type', '#status': 'status' };
  const values: Record<string, unknown> = {
    ':type': fields.type,
    ':status': fields.status,
    ':judgedType': judged.type,
  };
  const sets = ['#type = :type', '#status = :status'];
  if (fields.usergroup !== undefined) {
    sets.push('#name = :name');
    names['#name'] = 'usergroup';
    values[':name'] = fields.usergroup;
  }
  const exact = shownCondition(judged.shown);
  let condition = `attribute_exists(pk) AND #type = :judgedType${exact.condition}`;
  Object.assign(names, exact.names);
  Object.assign(values, exact.values);
  if (judged.membersRev !== undefined) {
    condition += ' AND (members_rev = :rev OR (attribute_not_exists(members_rev) AND :rev = :zero))';
    values[':rev'] = judged.membersRev;
    values[':zero'] = 0;
  }
  return conditionHeld(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.usergroup(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** Admin tool: privileges of an administrator group. */
export async function setUsergroupPrivileges(id: number, privileges: string[], table: TableTarget): Promise<void> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.usergroup(id),
        UpdateExpression: 'SET #privileges = :privileges',
        ConditionExpression: 'attribute_exists(pk)',
        // PRIVILEGES is a DynamoDB reserved word.
        ExpressionAttributeNames: { '#privileges': 'privileges' },
        ExpressionAttributeValues: { ':privileges': privileges },
      }),
    );
  } catch (error) {
    if (isConditionalFailure(error)) throw new NotFoundError(`Usergroup ${id} not found`);
    throw error;
  }
}

/** Does the group have a customer member whose link is A, P or D? Reads only customer links, stops at the first. */
export async function hasCustomerMembers(id: number, table: TableTarget): Promise<boolean> {
  const first = await queryFirst(
    {
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :customers)',
      FilterExpression: '#status <> :available',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': keys.groupMembers(id), ':customers': 'C#', ':available': 'F' },
      ProjectionExpression: 'user_id',
    },
    1,
    undefined,
    table,
  );
  return first.length > 0;
}

/**
 * DELETE /usergroups/:id, conditioned on the group still having the type that
 * was judged (false: gone or changed; re-read and judge again). Deleting the
 * group item is the commit point: from then on every read joins links with
 * their group and hides links to a missing one, so the links are invisible at
 * once; they are then removed in bulk.
 */
export async function deleteUsergroup(
  id: number,
  judgedType: UsergroupType,
  shown: JudgedUsergroup['shown'] | undefined,
  table: TableTarget,
): Promise<boolean> {
  const exact = shownCondition(shown);
  const deleted = await conditionHeld(
    table.client.send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: keys.usergroup(id),
        ConditionExpression: `attribute_exists(pk) AND #type = :judgedType${exact.condition}`,
        ExpressionAttributeNames: { '#type': 'type', ...exact.names },
        ExpressionAttributeValues: { ':judgedType': judgedType, ...exact.values },
      }),
    ),
  );
  if (!deleted) return false;
  // The delete has happened; a failed cleanup must not turn it into an error (the links are invisible anyway).
  await removeLinksTo(id, table).catch((error: unknown) =>
    log('warn', 'usergroup link cleanup stopped', { usergroupId: id, error: String(error) }),
  );
  return true;
}

// A group with very many members keeps the request short; what is left stays invisible (see deleteUsergroup).
const LINK_CLEANUP_BUDGET_MS = 5_000;

async function removeLinksTo(id: number, table: TableTarget): Promise<void> {
  const deadline = Date.now() + LINK_CLEANUP_BUDGET_MS;
  const pages = queryPages(
    {
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.groupMembers(id) },
      ProjectionExpression: 'pk, sk',
    },
    undefined,
    table,
  );
  for await (const page of pages) {
    await deleteItems(
      page.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })),
      table,
    );
    if (Date.now() >= deadline) break;
  }
}

/** Several groups by id in one round trip (reserved ones from code); missing ids are simply absent. */
export async function getUsergroups(
  ids: Iterable<number>,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Map<number, UsergroupRecord>> {
  const groups = new Map<number, UsergroupRecord>();
  const stored: number[] = [];
  for (const id of ids) {
    const reserved = RESERVED_USERGROUPS.get(id);
    if (reserved) groups.set(id, reserved);
    else stored.push(id);
  }
  if (stored.length === 0) return groups;
  for (const item of await batchGetInOrder(
    stored.map((id) => keys.usergroup(id)),
    table,
  )) {
    const group = withoutKeys<UsergroupRecord>(item);
    groups.set(group.usergroup_id, group);
  }
  return groups;
}
