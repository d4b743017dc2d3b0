/**
 * What the shopper's-account suites share (test/e2e/storefront-account-*.test.ts): the paths, the store's
 * Storefront-Api-Access-Key (read once, as `admin storefront-key` reads it), a guest's and a customer's
 * credentials, and a customer registered the way an app registers one (POST /sra_profile as a guest). Not a test file.
 */
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import { expectStatus, uid, uniqueEmail } from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';

export const PROFILE = '/api/4.0/sra_profile';
export const FIELDS = '/api/4.0/sra_profile_fields';
export const WISH = '/api/4.0/sra_wish_list';
export const UNVIEWED = '/api/4.0/sra_unviewed_notifications';
export const PUSH = '/api/4.0/sra_notifications';
export const PASSWORD = 'correct horse 42';

let storefrontKey: string | undefined;

/** The store's Storefront-Api-Access-Key, read with what `npm run admin -- storefront-key` runs (support/shoppers.ts). */
export async function readStorefrontKey(): Promise<void> {
  storefrontKey = await ensureStorefrontKey();
}

/** A guest: the storefront key, no Authorization. */
export const guest = () => ({ auth: null, headers: { 'Storefront-Api-Access-Key': storefrontKey! } }) as const;
export const tokenAuth = (token: string): Auth => [token, ''];

export interface Registered {
  id: number;
  email: string;
  auth: Auth;
}

/** A customer registered by a guest, signed in with the token the registration answers. */
export async function register(fields: Record<string, unknown> = {}): Promise<Registered> {
  const email = uniqueEmail('shopper');
  const response = await api('POST', PROFILE, {
    ...guest(),
    body: { email, password1: PASSWORD, password2: PASSWORD, firstname: 'Ada', lastname: 'Byron', ...fields },
  });
  expectStatus(response, 201);
  return { id: response.json.user_id as number, email, auth: tokenAuth(response.json.auth.token as string) };
}

export async function product(companyId: number, fields: object = {}): Promise<number> {
  const response = await api('POST', '/api/products', {
    body: { product: `Kettle ${uid()}`, price: '24.50', amount: 5, company_id: companyId, ...fields },
  });
  expectStatus(response, 201);
  return response.json.product_id as number;
}
