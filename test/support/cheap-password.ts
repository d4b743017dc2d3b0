/**
 * A user's password written straight into its login item, for suites whose subject is not how a password is set
 * (POST /users, sra_profile, `set-password` are tested where they are the subject). Hashed at the suite's cost
 * (test/support/password-cost.ts), as the stores' own handlers hash, so signing in with it costs what any sign-in
 * of the suite costs. Not a test file.
 */
import { hashPassword } from '../../lib/auth/passwords.js';
import { setPasswordHash } from '../../lib/db/login-credentials.js';
import { defaultTableContext } from '../../lib/db/table-context.js';

/** Gives user `userId` the password `password`, straight into its login item of this instance's table. */
export async function setCheapPassword(userId: number, password: string): Promise<void> {
  await setPasswordHash(userId, await hashPassword(password), defaultTableContext());
}
