import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type AuthTokenRecord, authTokenItemKey } from '../db/auth-tokens.js';
import { batchGet } from '../db/batch-get.js';
import { keys } from '../db/keys.js';
import { type AttemptWindow, lockedForSeconds, recordFailure } from '../db/login-attempts.js';
import { passwordTag } from '../db/panel-sessions.js';
import type { LoginRecord } from '../db/records.js';
import { withoutKeys } from '../db/records.js';
import { existingStorefrontKey, storefrontKey } from '../db/storefront-key.js';
import type { Caller } from '../entities/caller.js';
import { LockedOutError, UnauthenticatedError } from '../errors.js';
import { generateApiKey, hashApiKey } from './api-keys.js';
import type { BasicCredentials } from './basic-credentials.js';

/**
 * The storefront's callers (docs/api.md, "Storefront"): customers signed in with a token of POST /auth_tokens,
 * sent as CS-Cart's storefront clients send it — `Authorization: Basic base64(<token>:)` — and guests that carry
 * only the store's `Storefront-Api-Access-Key`.
 */

/** A token's login has no `@` and its password is empty; an API login is always an e-mail. */
export const isTokenLogin = (credentials: BasicCredentials) =>
  credentials.key === '' && !credentials.email.includes('@');

/** 32 hex characters (128 bits) from the CSPRNG, the form of CS-Cart's own tokens. */
export const newAuthToken = () => randomBytes(16).toString('hex');

/**
 * Failed token logins count per (token, source address), like an e-mail's: guessing a 128-bit token is hopeless
 * anyway, and a window shared by every token of an address would let one bad client lock out every customer
 * behind the same address (an office, a mobile carrier's NAT). Sign-in itself (POST /auth_tokens) is what the
 * brute-force window guards, per (e-mail, source address).
 */
const tokenThrottleName = (tokenHash: string) => `#token:${tokenHash.slice(0, 32)}`;

/**
 * A token's caller: the token exists and has not expired, its user is still active and still has the password the
 * token was issued under (a new password or a disabled account ends every token at once). Else a 401, counted.
 */
export async function authenticateToken(token: string, sourceIp: string): Promise<Caller> {
  const tokenHash = hashApiKey(token);
  const tokenKey = authTokenItemKey(tokenHash);
  const attemptsKey = keys.throttle(tokenThrottleName(tokenHash), sourceIp);
  const lookup = await batchGet([tokenKey, attemptsKey]);
  const now = Math.floor(Date.now() / 1000);
  const locked = lockedForSeconds(lookup(attemptsKey) as AttemptWindow | undefined, now);
  if (locked > 0) throw new LockedOutError(locked);
  const item = lookup(tokenKey);
  const record = item ? withoutKeys<AuthTokenRecord>(item) : undefined;
  // The login item by BatchGetItem, as authentication reads it for API keys (every function may).
  const loginItem =
    record && record.expires_at > now
      ? (await batchGet([keys.login(record.email_lc)]))(keys.login(record.email_lc))
      : undefined;
  const login = loginItem ? withoutKeys<LoginRecord>(loginItem) : undefined;
  const valid =
    record !== undefined &&
    login !== undefined &&
    login.user_id === record.user_id &&
    login.status === 'A' &&
    login.password_hash !== undefined &&
    passwordTag(login.password_hash) === record.password_tag;
  if (!valid) {
    await recordFailure(tokenThrottleName(tokenHash), sourceIp, now);
    throw new UnauthenticatedError();
  }
  return {
    userId: login.user_id,
    email: login.email_lc,
    userType: login.user_type,
    isRoot: false,
    companyId: login.company_id,
    // The customer's usergroups decide what the catalogue shows them (and at which price).
    activeGroupIds: [...(login.active_groups ?? [])].map(Number),
    storefront: 'customer',
  };
}

/**
 * A guest of the storefront: no person, no company, no groups. Its `email` (which names the per-user rate-limit
 * bucket) is its source address, so guests share a bucket only with guests of the same address.
 */
export const guestCaller = (sourceIp: string): Caller => ({
  userId: 0,
  email: `#guest:${sourceIp}`,
  userType: 'C',
  isRoot: false,
  companyId: 0,
  activeGroupIds: [],
  storefront: 'guest',
});

/** The store's Storefront-Api-Access-Key, made if there is none yet (the bootstrap and the admin command line). */
export const ensureStorefrontKey = () => storefrontKey(generateApiKey);

/** A request with the Storefront-Api-Access-Key header and no Authorization: a guest when the key is right, else a 401. */
export async function authenticateStorefrontKey(presented: string, sourceIp: string): Promise<Caller> {
  const stored = await existingStorefrontKey();
  const expected = Buffer.from(hashApiKey(stored ?? ''), 'hex');
  const given = Buffer.from(hashApiKey(presented), 'hex');
  if (!timingSafeEqual(expected, given) || stored === undefined) throw new UnauthenticatedError();
  return guestCaller(sourceIp);
}
