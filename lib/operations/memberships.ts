import type { LinkRecord, UsergroupRecord, UserRecord } from '../db/records.js';
import { retryOnConditionFailed } from '../db/transact.js';
import { isReservedUsergroup } from '../db/usergroups.js';
import type { Caller } from '../entities/caller.js';
import type { LinkStatus } from '../entities/usergroups.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { digitsOf } from '../http/digits.js';
import type { ApiRequest } from '../http/operation.js';
import { ifMatchJudge, preconditionFailed, specificIfMatch } from '../http/preconditions.js';
import type { Route } from '../http/route.js';
import { parseId } from '../http/route.js';
import type { AccountStore } from './accounts/store.js';
import { guardMembership } from './guards.js';
import { presentLink } from './presenters.js';

const CUSTOMER_IN_ADMIN_GROUP = 'A customer cannot be added to an administrator group';

function groupError(message: string): ValidationError {
  return new ValidationError(message, [{ field: 'usergroup_id', message }]);
}

export interface MembershipTarget {
  user: UserRecord;
  group: UsergroupRecord;
  link?: LinkRecord;
}

/**
 * The user and group of a `/users/:uid/usergroups/:gid` write, judged in SPEC
 * order: 404 unknown user, then 400 unknown or reserved group (as the seed says).
 */
export async function loadMembershipTarget(store: AccountStore, route: Route): Promise<MembershipTarget> {
  const userId = parseId(route.id);
  // A non-numeric group id names no group: a 400 like any unknown group, once the user is known to exist.
  const groupId = digitsOf(route.nestedId) ?? 0;
  const { user, group, link } = await store.linkContext(userId, groupId);
  if (!user) throw new NotFoundError('The User not found');
  if (!group) throw groupError('The usergroup does not exist');
  if (isReservedUsergroup(groupId))
    throw groupError(`Usergroup ${groupId} is reserved: membership in it cannot be changed`);
  return { user, group, link };
}

/**
 * PUT (any status) and DELETE (status F) of a membership. The whole
 * read-check-write runs again when the transaction finds that something it read
 * changed meanwhile, so concurrent writers end in one consistent state.
 */
export async function changeMembership(
  store: AccountStore,
  caller: Caller,
  route: Route,
  decideStatus: (target: MembershipTarget) => LinkStatus,
  request?: Pick<ApiRequest, 'headers'>,
): Promise<void> {
  const judgeIfMatch = request ? ifMatchJudge(request) : undefined;
  await retryOnConditionFailed(async () => {
    const target = await loadMembershipTarget(store, route);
    guardMembership(caller, target.user.user_id, target.user.user_type, target.group.type);
    // If-Match: judged on the link as a GET shows it; a link a GET does not show (none, or F) matches no tag.
    if (judgeIfMatch && request && specificIfMatch(request) && (!target.link || target.link.status === 'F'))
      throw preconditionFailed();
    await judgeIfMatch?.(() => presentLink(target.link!));
    const status = decideStatus(target);
    if (target.user.user_type === 'C' && target.group.type === 'A' && status !== 'F') {
      throw groupError(CUSTOMER_IN_ADMIN_GROUP);
    }
    await store.writeLinkStatus(target.user, target.group, target.link, status);
  });
}
