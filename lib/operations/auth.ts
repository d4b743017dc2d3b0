import { generateApiKey, hashApiKey } from '../auth/api-keys.js';
import { config } from '../config.js';
import { storeLoginKey } from '../db/login-keys.js';
import type { TableTarget } from '../db/table-target.js';
import { getUserByEmail } from '../db/users.js';
import { authEntity } from '../entities/auth.js';
import { readBodyFields } from '../entities/validate.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { created } from '../http/response.js';
import { guardLoginKey } from './guards.js';

const TRUE_VALUES = new Set([true, 'Y', 'y', '1', 'true', 1]);
const FALSE_VALUES = new Set([false, 'N', 'n', '0', 'false', '', 0]);

/** `notify`: only false is possible here (this API sends no e-mail); anything not a boolean is a 400 too. */
function checkNotify(body: Record<string, unknown>): void {
  if (!Object.hasOwn(body, 'notify')) return;
  const value = body.notify;
  if (FALSE_VALUES.has(value as never)) return;
  const message = TRUE_VALUES.has(value as never)
    ? 'The notify field cannot be true: this store sends no e-mail; request the link and deliver it yourself'
    : 'The notify field must be true or false';
  throw ValidationError.forFields([{ field: 'notify', message }]);
}

/** A redirect target on the storefront itself (a path, or a URL of the storefront's origin), else a 400. */
function checkRedirect(redirect: string, storefront: URL): string {
  let target: URL | undefined;
  try {
    target = new URL(redirect, storefront);
  } catch {
    target = undefined;
  }
  if (!target || target.origin !== storefront.origin) {
    throw ValidationError.forFields([
      { field: 'redirect_url', message: 'The redirect_url field must be a path or URL on the storefront' },
    ]);
  }
  return redirect;
}

/**
 * POST /auth: a one-time login key for the user with `email` (400 without it, 404 for an unknown one), under the
 * escalation guard (nobody for themselves; administrators and vendors only for a root administrator). Only the
 * key's SHA-256 is stored, with an expiry that is also the table's TTL (lib/db/login-keys.ts). The user is read and the
 * key stored on `table` (lib/operations/sign-in.ts hands it this instance's).
 */
export const createLoginKeyOn =
  (table: TableTarget): Operation =>
  async ({ body = {}, caller }) => {
    const fields = readBodyFields(authEntity, 'create', body);
    checkNotify(body);
    const storefront = new URL(config().storefrontUrl);
    const redirect =
      typeof fields.redirect_url === 'string' && fields.redirect_url !== ''
        ? checkRedirect(fields.redirect_url, storefront)
        : undefined;
    const user = await getUserByEmail(String(fields.email), table);
    if (!user) throw new NotFoundError();
    guardLoginKey(caller, user.user_type, user.user_id);
    // A disabled account cannot sign in; a key for it would be a link that does not work.
    if (user.status !== 'A') {
      throw ValidationError.forFields([
        { field: 'email', message: 'The user with this e-mail is disabled; no login key is issued' },
      ]);
    }
    const key = generateApiKey();
    await storeLoginKey(hashApiKey(key), user.user_id, table);
    const link = new URL(storefront);
    link.searchParams.set('dispatch', 'auth.ekey_login');
    link.searchParams.set('ekey', key);
    if (redirect !== undefined) link.searchParams.set('redirect_url', redirect);
    return created({ key, link: link.href });
  };
