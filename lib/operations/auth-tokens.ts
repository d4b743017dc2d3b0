import { hashApiKey } from '../auth/api-keys.js';
import { verifyPassword } from '../auth/passwords.js';
import { newAuthToken } from '../auth/storefront-auth.js';
import { AUTH_TOKEN_TTL_SECONDS, storeAuthToken } from '../db/auth-tokens.js';
import { readItem } from '../db/items.js';
import { keys } from '../db/keys.js';
import { type AttemptWindow, lockedForSeconds, recordFailure } from '../db/login-attempts.js';
import { passwordTag } from '../db/panel-sessions.js';
import type { LoginRecord } from '../db/records.js';
import type { TableTarget } from '../db/table-target.js';
import { getLogin } from '../db/users.js';
import { authTokensEntity } from '../entities/auth-tokens.js';
import { readBodyFields } from '../entities/validate.js';
import { LockedOutError, NotFoundError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { created } from '../http/response.js';

/**
 * POST /auth_tokens: `email` then `password` (400 naming the first missing one), then the password is checked
 * with the slow hash against the user's (a dummy when there is none, so an unknown e-mail costs the same) →
 * 201 `{"token", "ttl"}`. Wrong credentials, a disabled account or one without a password → a bare 404, as
 * CS-Cart answers, and a failure in the same (e-mail, source address) window as API keys: after 10 in 15
 * minutes a 429 with Retry-After, right password or not. Only the token's SHA-256 is stored, with the password's
 * tag: a new password ends the token (lib/auth/storefront-auth.ts). Every read and write goes to `table`
 * (lib/operations/sign-in.ts hands it this instance's).
 */
export const createAuthTokenOn =
  (table: TableTarget): Operation =>
  async ({ body = {}, sourceIp = 'unknown' }) => {
    const fields = readBodyFields(authTokensEntity, 'create', body);
    const emailLower = String(fields.email).trim().toLowerCase();
    const now = Math.floor(Date.now() / 1000);
    const locked = lockedForSeconds(
      (await readItem(keys.throttle(emailLower, sourceIp), table)) as AttemptWindow | undefined,
      now,
    );
    if (locked > 0) throw new LockedOutError(locked);
    const login = emailLower.includes('@') ? await getLogin(emailLower, table) : undefined;
    const matches = await verifyPassword(String(fields.password), login?.password_hash);
    if (!login || !matches || !login.password_hash || login.status !== 'A') {
      await recordFailure(emailLower, sourceIp, now, table);
      throw new NotFoundError();
    }
    return created(await issueAuthToken({ ...login, password_hash: login.password_hash }, table, now));
  };

/**
 * A new storefront token for a user who has just proven (or, registering or changing it, just set) their password:
 * only its SHA-256 is stored, with the password's tag, so the next new password ends it. Sign-in and the
 * storefront's registration and password change (lib/operations/storefront-account/profile.ts) all issue it here,
 * on the table of the user's account.
 */
export async function issueAuthToken(
  login: Pick<LoginRecord, 'user_id' | 'email_lc'> & { password_hash: string },
  table: TableTarget,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; ttl: number }> {
  const token = newAuthToken();
  await storeAuthToken(
    hashApiKey(token),
    { user_id: login.user_id, email_lc: login.email_lc, password_tag: passwordTag(login.password_hash) },
    table,
    now,
  );
  return { token, ttl: AUTH_TOKEN_TTL_SECONDS };
}
