import { getUsergroup, isReservedUsergroup } from '../db/usergroups.js';
import type { UsergroupRecord } from '../db/records.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { parseId } from '../http/route.js';

/** The group named in the path: 404 when it does not exist (reserved groups exist). */
export async function requireUsergroup(rawId: string | undefined): Promise<UsergroupRecord> {
  const id = parseId(rawId);
  const group = await getUsergroup(id);
  if (!group) throw new NotFoundError('The usergroup does not exist');
  return group;
}

/** SPEC §6: the built-in groups 1 and 2 are never modified or deleted. */
export function refuseReserved(group: UsergroupRecord, action: 'modified' | 'deleted'): void {
  if (isReservedUsergroup(group.usergroup_id)) {
    throw new ValidationError(`Usergroup ${group.usergroup_id} (${group.usergroup}) is reserved and cannot be ${action}`, [
      { field: 'usergroup_id', message: `Usergroup ${group.usergroup_id} is reserved and cannot be ${action}` },
    ]);
  }
}
