import { effectivePrivileges } from '../auth/authorize.js';
import { API_PASSWORD_MIN_LENGTH, hashPassword, passwordProblem } from '../auth/passwords.js';
import { setPasswordHash } from '../db/login-credentials.js';
import { getUser } from '../db/users.js';
import type { Caller } from '../entities/caller.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { panelTable } from './panel-table.js';

/**
 * The panel's "Storefront password" of a customer (docs/panel.md): what the customer signs in to the storefront
 * with (POST /api/auth_tokens). Set by a root administrator or one with `manage_users`, as PUT /users would;
 * stored only as its scrypt hash; setting it ends the customer's storefront tokens. Administrators' own panel
 * passwords stay the admin command line's (`set-password`).
 */
export async function setCustomerPassword(caller: Caller, userId: number, password: string): Promise<void> {
  const user = await getUser(userId, panelTable);
  if (!user) throw new NotFoundError('There is no such account.');
  if (user.user_type !== 'C')
    throw new ValidationError(
      'Only customers get a storefront password here; administrators use npm run admin -- set-password.',
    );
  if (!caller.isRoot && !(await effectivePrivileges(caller)).has('manage_users'))
    throw new ForbiddenError('The manage_users privilege is required');
  const problem = passwordProblem(password, API_PASSWORD_MIN_LENGTH);
  if (problem) throw new ValidationError(`The password is not acceptable: ${problem}.`);
  await setPasswordHash(userId, await hashPassword(password), panelTable);
}
