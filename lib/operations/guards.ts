import type { Caller } from '../entities/caller.js';
import { ForbiddenError } from '../errors.js';

/**
 * The escalation guard of SPEC §5. Each rule is a function so operations read
 * like the contract; each refusal is a 403 that names the rule.
 */

/** Administrator groups (type A, or a change of type to A) and privileges: root only. */
export function guardAdministratorGroup(caller: Caller, involvesAdministratorGroup: boolean): void {
  if (involvesAdministratorGroup && !caller.isRoot) {
    throw new ForbiddenError('Only a root administrator may manage administrator groups');
  }
}

/** Creating, changing, disabling or deleting another administrator or a vendor: root only. */
export function guardPrivilegedUser(caller: Caller, targetUserType: string, targetUserId?: number): void {
  const isSelf = targetUserId !== undefined && targetUserId === caller.userId;
  if ((targetUserType === 'A' || targetUserType === 'V') && !isSelf && !caller.isRoot) {
    throw new ForbiddenError('Only a root administrator may manage administrators and vendors');
  }
}

/** Nobody disables or deletes themselves, so the last root administrator always stays. */
export function guardSelfRemoval(caller: Caller, targetUserId: number, removing: boolean): void {
  if (removing && targetUserId === caller.userId) {
    throw new ForbiddenError('You cannot disable or delete yourself');
  }
}

/** Nobody changes their own memberships; an administrator's or vendor's membership of an administrator group: root only. */
export function guardMembership(caller: Caller, memberId: number, memberType: string, groupType: string): void {
  if (memberId === caller.userId) throw new ForbiddenError('You cannot change your own memberships');
  if (groupType === 'A' && (memberType === 'A' || memberType === 'V') && !caller.isRoot) {
    throw new ForbiddenError(
      "Only a root administrator may change an administrator's or vendor's membership of an administrator group",
    );
  }
}

/** The value of a body field as sent, for guards that must be judged before validation. */
export function sentText(body: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = body && Object.hasOwn(body, field) ? body[field] : undefined;
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * Enabling, disabling or regenerating the API access of another administrator or of a vendor: root only
 * (SPEC §5). Everyone may switch their own on and off; customers never hold API access at all (SPEC §4).
 */
export function guardApiAccess(caller: Caller, targetUserType: string, targetUserId: number): void {
  if ((targetUserType === 'A' || targetUserType === 'V') && targetUserId !== caller.userId && !caller.isRoot) {
    throw new ForbiddenError(
      'Only a root administrator may change the API access of another administrator or a vendor',
    );
  }
}

/**
 * A login key (POST /auth) lets its holder act as the user: nobody gets one for themselves, and only a root
 * administrator gets one for an administrator or a vendor (SPEC §5, §10).
 */
export function guardLoginKey(caller: Caller, targetUserType: string, targetUserId: number): void {
  if (targetUserId === caller.userId) throw new ForbiddenError('You cannot get a login key for yourself');
  if ((targetUserType === 'A' || targetUserType === 'V') && !caller.isRoot) {
    throw new ForbiddenError('Only a root administrator may get a login key for an administrator or a vendor');
  }
}
