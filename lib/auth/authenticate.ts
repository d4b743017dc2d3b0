import { batchGet, type Item, type ItemKey } from '../db/batch-get.js';
import { keys } from '../db/keys.js';
import { lockedForSeconds, recordFailure, type AttemptWindow } from '../db/login-attempts.js';
import { noteBucket, rateLimitPolicy } from '../db/rate-limit.js';
import { withoutKeys, type LoginRecord } from '../db/records.js';
import { tooManyRequests, unauthorized } from '../http/http-errors.js';
import { countEvent } from '../metrics.js';
import { verifyApiKey } from './api-keys.js';
import { parseBasicAuthorization } from './basic-credentials.js';
import type { Caller } from './caller.js';
import { authenticateToken, isTokenLogin } from './storefront-auth.js';

/**
 * HTTP Basic authentication (SPEC §4). One BatchGetItem reads the login item and
 * the attempt counter of (e-mail, source IP) together — and, when the per-user rate limit is on, the
 * e-mail's rate-limit bucket, so the bucket's update that follows is right the first time. Every failure looks the
 * same from outside (401 with the realm) and costs the same: the key is hashed
 * and compared even when the e-mail is unknown. `alsoRead` are items the handler needs next (lib/http/prefetch.ts),
 * read in the same BatchGetItem and handed back only once the caller is known.
 */
export async function authenticate(
  authorization: string | undefined,
  sourceIp: string,
  alsoRead: readonly ItemKey[] = [],
): Promise<{ caller: Caller; lookup: (key: ItemKey) => Item | undefined }> {
  const credentials = parseBasicAuthorization(authorization);
  if (!credentials) throw unauthorized();
  // A storefront customer's token (`<token>:`): no e-mail, its own checks (lib/auth/storefront-auth.ts).
  if (isTokenLogin(credentials)) return { caller: await authenticateToken(credentials.email, sourceIp), lookup: () => undefined };
  const emailLower = credentials.email.toLowerCase();
  const loginKey = keys.login(emailLower);
  const attemptsKey = keys.throttle(emailLower, sourceIp);
  const rateKey = rateLimitPolicy() ? keys.rateLimit(emailLower) : undefined;
  const lookup = await batchGet([loginKey, attemptsKey, ...(rateKey ? [rateKey] : []), ...alsoRead]);

  const now = Math.floor(Date.now() / 1000);
  const locked = lockedForSeconds(lookup(attemptsKey) as AttemptWindow | undefined, now);
  if (locked > 0) {
    countEvent('loginLockouts');
    throw tooManyRequests(locked);
  }

  const item = lookup(loginKey);
  const login = item ? withoutKeys<LoginRecord>(item) : undefined;
  const keyMatches = verifyApiKey(credentials.key, login?.key_hash);
  if (!login || !keyMatches || login.status !== 'A' || (login.user_type !== 'A' && login.user_type !== 'V')) {
    await recordFailure(emailLower, sourceIp, now);
    throw unauthorized();
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
