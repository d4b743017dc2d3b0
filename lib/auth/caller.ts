import type { UserType } from '../entities/users.js';

/** The authenticated user a request acts for. */
export interface Caller {
  userId: number;
  email: string;
  userType: UserType;
  isRoot: boolean;
  companyId: number;
  /** Groups in which the caller's link is A (their type and status are checked when privileges are resolved). */
  activeGroupIds: number[];
  /**
   * How a storefront caller came in: `customer` with a token of POST /auth_tokens, `guest` with only the
   * store's Storefront-Api-Access-Key (or, on an open operation, with nothing). Absent for API-key callers.
   */
  storefront?: 'customer' | 'guest';
  /** Resolved on first need and kept with the caller, so a cached caller (AUTH_CACHE_TTL_MS) skips the lookup too. */
  privileges?: Promise<Set<string>>;
}
