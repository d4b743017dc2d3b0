import type { LinkStatus, UsergroupStatus, UsergroupType } from '../entities/usergroups.js';
import type { UserStatus, UserType } from '../entities/users.js';

/** `USER#<id>` / `PROFILE`: the user as the API shows it, plus bookkeeping. */
export interface UserRecord {
  user_id: number;
  email: string;
  email_lc: string;
  user_type: UserType;
  status: UserStatus;
  firstname: string;
  lastname: string;
  company_id: number;
  /** Free text; absent until a request sets it (answers then show the company's name). */
  company?: string;
  phone?: string;
  is_root: 'Y' | 'N';
  timestamp: number;
  /** Optimistic-lock counter: every write conditions on it and bumps it. */
  version: number;
}

/**
 * `LOGIN#<email>` / `LOGIN`: everything authentication and authorization need, in
 * one item read by e-mail on every request. Written in the same transaction as
 * the profile, so it also enforces e-mail uniqueness.
 */
export interface LoginRecord {
  user_id: number;
  email_lc: string;
  /** SHA-256 of the API key; absent when API access is off. */
  key_hash?: string;
  /** scrypt hash of the administration panel password (lib/auth/passwords.ts); absent when none is set. */
  password_hash?: string;
  user_type: UserType;
  status: UserStatus;
  is_root: 'Y' | 'N';
  company_id: number;
  /** Ids of the groups in which the user's link is A (DynamoDB sets cannot be empty, so absent when none). */
  active_groups?: Set<number>;
  version: number;
}

/** `USERGROUPS` / `<padded id>`. */
export interface UsergroupRecord {
  usergroup_id: number;
  type: UsergroupType;
  status: UsergroupStatus;
  usergroup: string;
  privileges?: string[];
  /** Bumped by every customer link write, so a change of type to A can prove no customer joined meanwhile. */
  members_rev?: number;
}

/** `USER#<uid>` / `LINK#<padded gid>`; GSI1 lists a group's members by user type. */
export interface LinkRecord {
  link_id: number;
  user_id: number;
  usergroup_id: number;
  status: LinkStatus;
  /** The member's user_type (immutable after creation), for the members-by-type index. */
  user_type: UserType;
}

/** Strips the key and bookkeeping attributes from an item read back from DynamoDB. */
export function withoutKeys<T extends object>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest } = item;
  return rest as T;
}
