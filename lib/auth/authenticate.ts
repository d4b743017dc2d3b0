import { batchGet, type Item, type ItemKey } from '../db/batch-get.js';
import { keys } from '../db/keys.js';
import { type AttemptWindow, lockedForSeconds, recordFailure } from '../db/login-attempts.js';
import { type BucketPolicy, noteBucket } from '../db/rate-limit.js';
import { type LoginRecord, withoutKeys } from '../db/records.js';
import type { Caller } from '../entities/caller.js';
import { LockedOutError, UnauthenticatedError } from '../errors.js';
import { countEvent } from '../metrics.js';
import { verifyApiKey } from './api-keys.js';
import { parseBasicAuthorization } from './basic-credentials.js';
import { authenticateToken, isTokenLogin } from './storefront-auth.js';

/**
 * HTTP Basic authentication (SPEC §4). One BatchGetItem reads the login item and
 * the attempt counter of (e-mail, source IP) together — and, when the per-user rate limit is on, the
 * e-mail's rate-limit bucket (`policy`, the limit in force, read once per request by the caller), so the bucket's
 * update that follows is right the first time. Every failure looks the same from outside (an UnauthenticatedError)
 * and costs the same: the key is hashed and compared even when the e-mail is unknown. `alsoRead` are items the handler needs next (lib/stack/prefetch.ts),
 * read in the same BatchGetItem and handed back only once the caller is known.
 */
export async function authenticate(
  authorization: string | undefined,
  sourceIp: string,
  alsoRead: readonly ItemKey[],
  policy: BucketPolicy | undefined,
): Promise<{ caller: Caller; lookup: (key: ItemKey) => Item | undefined }> {
  const credentials = parseBasicAuthorization(authorization);
  if (!credentials) throw new UnauthenticatedError();
  // A storefront customer's token (`<token>:`): no e-mail, its own checks (lib/auth/storefront-auth.ts).
  if (isTokenLogin(credentials))
    return { caller: await authenticateToken(credentials.email, sourceIp), lookup: () => undefined };
  const emailLower = credentials.email.toLowerCase();
  const loginKey = keys.login(emailLower);
  const attemptsKey = keys.throttle(emailLower, sourceIp);
  const rateKey = policy ? keys.rateLimit(emailLower) : undefined;
  const lookup = await batchGet([loginKey, attemptsKey, ...(rateKey ? [rateKey] : []), ...alsoRead]);

  const now = Math.floor(Date.now() / 1000);
  const locked = lockedForSeconds(lookup(attemptsKey) as AttemptWindow | undefined, now);
  if (locked > 0) {
    countEvent('loginLockouts');
    throw new LockedOutError(locked);
  }

  const item = lookup(loginKey);
  const login = item ? withoutKeys<LoginRecord>(item) : undefined;
  const keyMatches = verifyApiKey(credentials.key, login?.key_hash);
  if (!login || !keyMatches || login.status !== 'A' || (login.user_type !== 'A' && login.user_type !== 'V')) {
    await recordFailure(emailLower, sourceIp, now);
    throw new UnauthenticatedError();
  }
  if (rateKey) noteBucket(emailLower, lookup(rateKey));
  const caller: Caller = {
    userId: login.user_id,
    email: emailLower,
    userType: login.user_type,
    isRoot: login.is_root === 'Y' && login.user_type === 'A',
    companyId: login.company_id,
    activeGroupIds: [...(login.active_groups ?? [])].map(Number),
  };
  return { caller, lookup };
}
