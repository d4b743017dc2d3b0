/**
 * Shoppers for the storefront suites (test/e2e/storefront-*.test.ts): a guest (the store's Storefront-Api-Access-Key,
 * read as `admin storefront-key` reads it) and a customer with a password, signed in at `auth_tokens` — what every
 * storefront suite needs before its first request. Not a test file.
 */
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import { setCheapPassword } from './cheap-password.js';
import { createUser, expectStatus, setLink, uniqueEmail } from './fixtures.js';
import { type Auth, api } from './http.js';

export const SHOPPER_PASSWORD = 'correct horse 42';

/** A guest's request options: the storefront key, no Authorization. */
export interface Guest {
  auth: null;
  headers: Record<string, string>;
}

/**
 * The store's Storefront-Api-Access-Key as a guest sends it, read in this worker with what `npm run admin --
 * storefront-key` runs (the command itself is proven in storefront.test.ts; a CLI run costs about 0.6 s of CPU).
 */
export async function storefrontGuest(): Promise<Guest> {
  return { auth: null, headers: { 'Storefront-Api-Access-Key': await ensureStorefrontKey() } };
}

/**
 * `act` again after a 504: a password's scrypt on a busy machine can outlast serverless offline's 10 s Lambda
 * timeout (the contract check throws on the 504). Anything else is thrown at once.
 */
export async function past504<T>(act: () => Promise<T>, attempts = 4): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (attempts <= 1 || !String(error).includes('504')) throw error;
    // The timed-out call still runs on: let it finish rather than pile another on top of it.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    return past504(act, attempts - 1);
  }
}

/** Signs a customer in (`POST <path> {email, password}`) and answers the token as the Basic login it is sent as. */
export async function signIn(email: string, password = SHOPPER_PASSWORD, path = '/api/auth_tokens'): Promise<Auth> {
  const response = await past504(() => api('POST', path, { auth: null, body: { email, password } }));
  expectStatus(response, 201);
  return [response.json.token as string, ''];
}

export interface Customer {
  id: number;
  email: string;
  auth: Auth;
}

/**
 * A customer (created through POST /users with `fields`) with a password, in `groupId` when given, signed in. A 504
 * makes another customer: the e-mail of a create that timed out may or may not be taken. The password is stored at
 * a low scrypt cost (cheap-password.ts): the storefront suites make dozens of customers, and their subject is what a
 * customer does, not the hash.
 */
export const signedInCustomer = (fields: Record<string, unknown> = {}, groupId?: number): Promise<Customer> =>
  past504(async () => {
    const email = uniqueEmail('shopper');
    const id = await createUser({ user_type: 'C', email, ...fields });
    await setCheapPassword(id, SHOPPER_PASSWORD);
    if (groupId !== undefined) await setLink(id, groupId, 'A');
    return { id, email, auth: await signIn(email) };
  });
