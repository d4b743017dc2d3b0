/**
 * A user's password stored at a low scrypt cost, for suites whose subject is not the password: the stored hash names
 * its own cost (lib/auth/passwords.ts), so signing in with it verifies at that cost too. At the default cost (N=2^17)
 * a customer's create and sign-in are two hashes of ~0.4 s each on an idle machine and several seconds on a loaded
 * one; a suite making twenty customers spent most of its time there. POST /users with a password, the default cost
 * and a sign-in at it are tested where they are the subject (storefront.test.ts, the users' and panel's suites).
 * Not a test file.
 */
import { hashPassword, type ScryptCost } from '../../lib/auth/passwords.js';
import { setPasswordHash } from '../../lib/db/login-credentials.js';
import { defaultTableContext } from '../../lib/db/table-context.js';

/** N=2^10: about 1 ms a hash, a 128th of the default's work and memory. */
export const CHEAP_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };

/** Gives user `userId` the password `password`, hashed at CHEAP_COST, straight into its login item. */
export async function setCheapPassword(userId: number, password: string): Promise<void> {
  await setPasswordHash(userId, await hashPassword(password, CHEAP_COST), defaultTableContext());
}
