/**
 * The single-table key design (docs/data-model.md explains each item and access pattern).
 * Numeric ids inside sort keys are zero-padded so that string order is numeric order.
 */

const ID_WIDTH = 15;

export function padId(id: number): string {
  return String(id).padStart(ID_WIDTH, '0');
}

export const keys = {
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),

  userProfile: (userId: number) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userPartition: (userId: number) => `USER#${userId}`,
  /** Credentials and the authorization facts about a user, looked up by e-mail on every request. */
  login: (emailLower: string) => ({ pk: `LOGIN#${emailLower}`, sk: 'LOGIN' }),
  // The users' list partitions and counts, sharded: lib/db/user-keys.ts.

  usergroupPartition: 'USERGROUPS',
  usergroup: (groupId: number) => ({ pk: 'USERGROUPS', sk: padId(groupId) }),

  link: (userId: number, groupId: number) => ({ pk: `USER#${userId}`, sk: `LINK#${padId(groupId)}` }),
  linkPrefix: 'LINK#',
  /** GSI1 partition listing the links to one group, sorted by member user_type then user id. */
  groupMembers: (groupId: number) => `MEMBERS#${groupId}`,
  memberSortKey: (userType: string, userId: number) => `${userType}#${padId(userId)}`,

  throttle: (emailLower: string, sourceIp: string) => ({
    pk: `THROTTLE#${emailLower}#${sourceIp}`,
    sk: 'THROTTLE',
  }),

  /** Per API user token bucket (lib/db/rate-limit.ts), kept alive by its TTL. */
  /** A user's rate-limit bucket, by login e-mail (lower case), so authentication's BatchGetItem reads it with the login. */
  rateLimit: (emailLower: string) => ({ pk: `RATE#${emailLower}`, sk: 'RATE' }),
  /** One Idempotency-Key of one API user (lib/db/idempotency.ts), deleted by its TTL after 24 h. */
  idempotency: (userId: number, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: 'IDEMPOTENCY' }),
} as const;

export { GSI1 } from './schema.js';
