import type { UserType } from './users.js';

/** The authenticated user a request acts for: made once by authentication, never changed (a cached caller is shared). */
export interface Caller {
  readonly userId: number;
  readonly email: string;
  readonly userType: UserType;
  readonly isRoot: boolean;
  readonly companyId: number;
  /** Groups in which the caller's link is A (their type and status are checked when privileges are resolved). */
  readonly activeGroupIds: readonly number[];
  /**
   * How a storefront caller came in: `customer` with a token of POST /auth_tokens, `guest` with only the
   * store's Storefront-Api-Access-Key (or, on an open operation, with nothing). Absent for API-key callers.
   */
  readonly storefront?: 'customer' | 'guest';
  /**
   * Privileges known when the caller was made (a test's caller). Otherwise they are resolved on first need, once per
   * caller object, outside it (lib/auth/granted-privileges.ts): a cached caller (AUTH_CACHE_TTL_MS) skips the lookup too.
   */
  readonly privileges?: Promise<Set<string>>;
}
