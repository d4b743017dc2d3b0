import { generateApiKey, hashApiKey } from './auth/api-keys.js';
import { markFlagPostingsReady } from './db/flag-postings-ready.js';
import { storefrontKey } from './db/storefront-key.js';
import { defaultTableContext } from './db/table-context.js';
import { markUserIndexReady } from './db/user-index-ready.js';
import { markUserPostingsReady } from './db/user-postings-ready.js';
import { createUser, getUserByEmail, hasAnyUser, setApiKeyHash, updateUser } from './db/users.js';
import { ensureStoreDefaults } from './store-defaults.js';

export const DEFAULT_BOOTSTRAP_EMAIL = 'admin@example.com';

export interface BootstrapResult {
  email: string;
  /** The key to print: the one from the environment, or a freshly generated one. Absent when nothing was done. */
  apiKey?: string;
  created: boolean;
}

/**
 * SPEC §9: on an empty database, create a root administrator with API access
 * (e-mail and key from the arguments, else admin@example.com and a fresh key).
 * When an e-mail is given explicitly the account is made to match it (created
 * if missing; a given key replaces the stored one), so scripts that export
 * BOOTSTRAP_ADMIN_EMAIL/KEY can rely on them whatever `.data/` holds.
 */
export async function ensureBootstrapAdmin(options: { email?: string; apiKey?: string }): Promise<BootstrapResult> {
  // This instance's table, where the bootstrap starts: every step below writes there.
  const context = defaultTableContext();
  await ensureStoreDefaults(context);
  // The storefront's access key exists from the start, so API functions only ever read it.
  await storefrontKey(generateApiKey);
  const email = options.email?.trim() || DEFAULT_BOOTSTRAP_EMAIL;
  const existing = await getUserByEmail(email, context);
  if (existing) {
    if (options.apiKey) {
      await updateUser(
        existing.user_id,
        () => ({ status: 'A', is_root: existing.user_type === 'A' ? 'Y' : existing.is_root }),
        undefined,
        context,
      );
      await setApiKeyHash(existing.user_id, hashApiKey(options.apiKey), context);
    }
    return { email, apiKey: options.apiKey, created: false };
  }
  const anyUser = await hasAnyUser(context);
  if (!options.email && anyUser) return { email, created: false };
  // An empty table has nothing to upgrade: its users get the list copies as they are written.
  if (!anyUser) await markUserIndexReady();
  if (!anyUser) await markUserPostingsReady();
  if (!anyUser) await markFlagPostingsReady();
  const apiKey = options.apiKey || generateApiKey();
  await createUser(
    {
      email,
      user_type: 'A',
      status: 'A',
      firstname: 'Store',
      lastname: 'Administrator',
      company_id: 0,
      is_root: 'Y',
      key_hash: hashApiKey(apiKey),
    },
    undefined,
    context,
  );
  return { email, apiKey, created: true };
}
