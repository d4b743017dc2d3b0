import { getRecords } from '../../db/entity-store.js';
import { setPasswordHash } from '../../db/login-credentials.js';
import { getLinkContext, type LinkContext, writeLinkStatus } from '../../db/memberships.js';
import type { LinkRecord, UsergroupRecord, UserRecord } from '../../db/records.js';
import type { TableContext } from '../../db/table-context.js';
import { listUsers, type UserListQuery, type UserPage } from '../../db/user-list.js';
import {
  createUsergroup,
  deleteUsergroup,
  getUsergroup,
  getUsergroups,
  hasCustomerMembers,
  type JudgedUsergroup,
  listUsergroups,
  type UsergroupFields,
  updateUsergroup,
} from '../../db/usergroups.js';
import {
  createUser,
  deleteUser,
  getUser,
  getUserWithLinks,
  type NewUser,
  type UserChanges,
  updateUser,
  type WriteOptions,
} from '../../db/users.js';
import { storesEntity } from '../../entities/companies.js';
import type { LinkStatus, UsergroupType } from '../../entities/usergroups.js';

export type { LinkContext, LinkRecord, NewUser, UserChanges, UsergroupFields, UsergroupRecord, UserRecord };

/**
 * What the account operations — users, usergroups and the memberships between them (SPEC §6–§8) — need of storage,
 * one aggregate: each method one storage step, conditioned where a write must find what was judged. The operations
 * receive it (lib/operations/accounts/index.ts binds them to DynamoDB); a unit test can hand them one of its own.
 */
export interface AccountStore {
  user(id: number): Promise<UserRecord | undefined>;
  /** A user with its group links, in one read. */
  userWithLinks(id: number): Promise<{ user: UserRecord | undefined; links: LinkRecord[] }>;
  /** The names of these companies (absent: no such company), for the users' `company_name`. */
  companyNames(ids: readonly number[]): Promise<Map<number, string>>;
  listUsers(query: UserListQuery): Promise<UserPage>;
  createUser(input: NewUser, options?: WriteOptions): Promise<UserRecord>;
  /** `decide` sees the user as it is on every attempt and answers the changes, or throws to refuse. */
  updateUser(id: number, decide: (current: UserRecord) => UserChanges, options?: WriteOptions): Promise<UserRecord>;
  /** `check` sees the user as it is on every attempt and throws to refuse. */
  deleteUser(id: number, check: (current: UserRecord) => void): Promise<void>;
  /** A new password (its hash): the user's storefront tokens end with the old one. */
  setPasswordHash(id: number, passwordHash: string | undefined): Promise<UserRecord>;
  usergroup(id: number): Promise<UsergroupRecord | undefined>;
  usergroups(ids: Iterable<number>): Promise<Map<number, UsergroupRecord>>;
  listUsergroups(): Promise<UsergroupRecord[]>;
  createUsergroup(fields: UsergroupFields): Promise<UsergroupRecord>;
  /** false: the group is gone or no longer as judged (read it again and judge again). */
  updateUsergroup(id: number, fields: UsergroupFields, judged: JudgedUsergroup): Promise<boolean>;
  /** false: as updateUsergroup. The group's links go with it. */
  deleteUsergroup(id: number, judgedType: UsergroupType, shown?: JudgedUsergroup['shown']): Promise<boolean>;
  hasCustomerMembers(groupId: number): Promise<boolean>;
  /** The user, the group and their link, in one read. */
  linkContext(userId: number, groupId: number): Promise<LinkContext>;
  writeLinkStatus(
    user: UserRecord,
    group: UsergroupRecord,
    link: LinkRecord | undefined,
    status: LinkStatus,
  ): Promise<LinkRecord>;
}

/**
 * The account store over a table context's table (lib/db): the users, usergroups and memberships
 * (lib/db/users.ts, usergroups.ts, memberships.ts, login-credentials.ts) and the companies are read and written on
 * that table, their ids drawn from its sequences; the users' list (lib/db/user-list.ts, with its buckets, postings
 * and sort copies) reads that table too, its paths opened by that table's layout.
 */
export const accountStoreOn = (context: TableContext): AccountStore => ({
  user: (id) => getUser(id, context),
  userWithLinks: async (id) => {
    const { user, links } = await getUserWithLinks(id, context);
    return { user, links };
  },
  companyNames: async (ids) => {
    const companies = await getRecords(storesEntity, [...new Set(ids)], context);
    return new Map(companies.map((company) => [company.company_id, String(company.company ?? '')]));
  },
  listUsers: (query) => listUsers(query, context),
  createUser: (input, options) => createUser(input, options, context),
  updateUser: (id, decide, options) => updateUser(id, decide, options, context),
  deleteUser: (id, check) => deleteUser(id, check, context),
  setPasswordHash: (id, passwordHash) => setPasswordHash(id, passwordHash, context),
  usergroup: (id) => getUsergroup(id, context),
  usergroups: (ids) => getUsergroups(ids, context),
  listUsergroups: () => listUsergroups(context),
  createUsergroup: (fields) => createUsergroup(fields, context),
  updateUsergroup: (id, fields, judged) => updateUsergroup(id, fields, judged, context),
  deleteUsergroup: (id, judgedType, shown) => deleteUsergroup(id, judgedType, shown, context),
  hasCustomerMembers: (groupId) => hasCustomerMembers(groupId, context),
  linkContext: (userId, groupId) => getLinkContext(userId, groupId, context),
  writeLinkStatus: (user, group, link, status) => writeLinkStatus(user, group, link, status, context),
});
