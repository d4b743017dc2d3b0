import type { LinkStatus } from '../entities/usergroups.js';
import { batchGet } from './batch-get.js';
import { nextId } from './counters.js';
import { keys } from './keys.js';
import { type LinkRecord, type UsergroupRecord, type UserRecord, withoutKeys } from './records.js';
import type { TableTarget } from './table-target.js';
import { type TransactItem, transactWrite } from './transact.js';
import { RESERVED_USERGROUPS } from './usergroups.js';

export interface LinkContext {
  user?: UserRecord;
  group?: UsergroupRecord;
  link?: LinkRecord;
}

/** The user, the group and their link in one BatchGetItem. */
export async function getLinkContext(userId: number, groupId: number, table: TableTarget): Promise<LinkContext> {
  const reserved = RESERVED_USERGROUPS.get(groupId);
  const wanted = [keys.userProfile(userId), keys.link(userId, groupId)];
  if (!reserved) wanted.push(keys.usergroup(groupId));
  const lookup = await batchGet(wanted, table);
  const user = lookup(keys.userProfile(userId));
  const link = lookup(keys.link(userId, groupId));
  const group = reserved ?? lookup(keys.usergroup(groupId));
  return {
    user: user ? withoutKeys<UserRecord>(user) : undefined,
    link: link ? withoutKeys<LinkRecord>(link) : undefined,
    group: group ? (reserved ?? withoutKeys<UsergroupRecord>(group as Record<string, unknown>)) : undefined,
  };
}

/**
 * Writes a link's status in one transaction with its two consequences:
 * - the user's login item gains or loses the group among its active groups
 *   (what authorization reads), conditioned on still belonging to this user;
 * - the group must still exist with the type that was judged (the escalation
 *   guard and the customer rule depend on it); for a customer's link its
 *   members_rev is bumped so a concurrent change of the group's type to A fails
 *   (SPEC §6 guard).
 * A new link gets its link_id here, once; later writes keep it (SPEC §7).
 * Throws ConditionFailed when anything read meanwhile changed: re-read and retry.
 */
export async function writeLinkStatus(
  user: UserRecord,
  group: UsergroupRecord,
  existing: LinkRecord | undefined,
  status: LinkStatus,
  table: TableTarget,
): Promise<LinkRecord> {
  const link: LinkRecord = existing
    ? { ...existing, status }
    : {
        link_id: await nextId('link', 0, table),
        user_id: user.user_id,
        usergroup_id: group.usergroup_id,
        status,
        user_type: user.user_type,
      };
  const linkWrite: TransactItem = {
    Put: {
      TableName: table.tableName,
      Item: {
        ...keys.link(user.user_id, group.usergroup_id),
        gsi1pk: keys.groupMembers(group.usergroup_id),
        gsi1sk: keys.memberSortKey(user.user_type, user.user_id),
        ...link,
      },
      // The link must still be as read (its status too: an If-Match is judged on it; other writers re-judge).
      ConditionExpression: existing ? 'link_id = :linkId AND #status = :readStatus' : 'attribute_not_exists(pk)',
      ...(existing
        ? {
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':linkId': existing.link_id, ':readStatus': existing.status },
          }
        : {}),
    },
  };
  // The group must still be what the guard and the validation judged: existing, and of the same type (an
  // administrator's link judged on a customer group must not land in a group turned into an administrator group).
  const groupCondition = 'attribute_exists(pk) AND #type = :judgedType';
  const groupCheck: TransactItem =
    user.user_type === 'C'
      ? {
          Update: {
            TableName: table.tableName,
            Key: keys.usergroup(group.usergroup_id),
            UpdateExpression: 'SET members_rev = if_not_exists(members_rev, :zero) + :one',
            ConditionExpression: groupCondition,
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':judgedType': group.type },
          },
        }
      : {
          ConditionCheck: {
            TableName: table.tableName,
            Key: keys.usergroup(group.usergroup_id),
            ConditionExpression: groupCondition,
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':judgedType': group.type },
          },
        };
  const loginUpdate: TransactItem = {
    Update: {
      TableName: table.tableName,
      Key: keys.login(user.email_lc),
      UpdateExpression: `${status === 'A' ? 'ADD' : 'DELETE'} active_groups :group SET version = version + :one`,
      ConditionExpression: 'user_id = :uid',
      ExpressionAttributeValues: { ':group': new Set([group.usergroup_id]), ':uid': user.user_id, ':one': 1 },
    },
  };
  await transactWrite([linkWrite, groupCheck, loginUpdate], table);
  return link;
}
