import type { UsergroupRecord } from '../db/records.js';
import { isReservedUsergroup } from '../db/usergroups.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { parseId } from '../http/route.js';
import type { AccountStore } from './accounts/store.js';

/** The group named in the path: 404 when it does not exist (reserved groups exist). */
export async function requireUsergroup(store: AccountStore, rawId: string | undefined): Promise<UsergroupRecord> {
  const id = parseId(rawId);
  const group = await store.usergroup(id);
  if (!group) throw new NotFoundError('The usergroup does not exist');
  return group;
}

/** SPEC §6: the built-in groups 1 and 2 are never modified or deleted. */
export function refuseReserved(group: UsergroupRecord, action: 'modified' | 'deleted'): void {
  if (isReservedUsergroup(group.usergroup_id)) {
    throw new ValidationError(
      `Usergroup ${group.usergroup_id} (${group.usergroup}) is reserved and cannot be ${action}`,
      [{ field: 'usergroup_id', message: `Usergroup ${group.usergroup_id} is reserved and cannot be ${action}` }],
    );
  }
}

const MAX_JUDGEMENTS = 5;

/**
 * Judges a write on the group as it is now and makes it, conditioned on the
 * group still being as judged. `judgeAndWrite` checks (guard, validation) and
 * writes, returning false when the write found the group changed; the group is
 * then read again and judged again, so a guard decided on a stale type never
 * lets a write through (a customer group turned into an administrator group
 * meanwhile is then refused with 403).
 */
export async function writeJudgedUsergroup(
  store: AccountStore,
  rawId: string | undefined,
  judgeAndWrite: (group: UsergroupRecord) => Promise<boolean>,
): Promise<UsergroupRecord> {
  let group = await requireUsergroup(store, rawId);
  for (let attempt = 1; ; attempt++) {
    if (await judgeAndWrite(group)) return group;
    const current = await store.usergroup(group.usergroup_id);
    if (!current) throw new NotFoundError('The usergroup does not exist');
    if (attempt >= MAX_JUDGEMENTS)
      throw new ConflictError('The usergroup is being changed by another request; try again');
    group = current;
  }
}
