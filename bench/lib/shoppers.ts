import { generateApiKey, hashApiKey } from '../../lib/auth/api-keys.js';
import { hashPassword } from '../../lib/auth/passwords.js';
import { ensureStorefrontKey, newAuthToken } from '../../lib/auth/storefront-auth.js';
import { storeAuthToken } from '../../lib/db/auth-tokens.js';
import { passwordTag } from '../../lib/db/panel-sessions.js';
import { createUser } from '../../lib/db/users.js';
import { instanceTable } from '../../lib/operations/instance-table.js';
import { basicAuthorization } from './events.js';
import type { Caller } from './world.js';

/**
 * The storefront's callers of the scale bench (SPEC §11 "Cost"): a guest (the store's Storefront-Api-Access-Key
 * alone) and a signed-in customer (a token of POST /auth_tokens, sent as `Basic base64(<token>:)`).
 */
export interface Shoppers {
  guest: Caller;
  customer: Caller;
}

/** A cheap scrypt: the bench signs in once and never checks the password. */
const BENCH_COST = { log2N: 10, r: 8, p: 1 };

export async function createShoppers(): Promise<Shoppers> {
  const storefrontKey = await ensureStorefrontKey();
  const email = 'shopper@scale.example.com';
  const passwordHash = await hashPassword(generateApiKey(), BENCH_COST);
  const user = await createUser(
    {
      email,
      user_type: 'C',
      status: 'A',
      firstname: 'Scale',
      lastname: 'shopper',
      company_id: 0,
      is_root: 'N',
      password_hash: passwordHash,
    },
    undefined,
    instanceTable,
  );
  const token = newAuthToken();
  await storeAuthToken(
    hashApiKey(token),
    {
      user_id: user.user_id,
      email_lc: email,
      password_tag: passwordTag(passwordHash),
    },
    instanceTable,
  );
  return {
    guest: {
      label: 'guest',
      email: '',
      userId: 0,
      authorization: '',
      headers: { 'Storefront-Api-Access-Key': storefrontKey },
    },
    customer: { label: 'customer', email, userId: user.user_id, authorization: basicAuthorization(token, '') },
  };
}
