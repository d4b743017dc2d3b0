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
  /** Resolved on first need and kept with the caller, so a cached caller (AUTH_CACHE_TTL_MS) skips the lookup too. */
  privileges?: Promise<Set<string>>;
}
