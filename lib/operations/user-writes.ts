import { presetValue } from '../db/preset-ids.js';
import type { UserRecord } from '../db/records.js';
import type { UserChanges } from '../db/users.js';
import { type UserCreate, type UserWrite, usersEntity } from '../entities/users.js';
import { readBodyFields } from '../entities/validate.js';
import { ValidationError } from '../errors.js';
import { badRequest } from '../http/http-errors.js';
import type { AccountStore } from './accounts/store.js';
import { passwordHashOf } from './user-passwords.js';
import { keepVendorCompany, requireVendorCompany } from './users.js';

/**
 * The users entity's create and update rules, shared by POST/PUT /users and the storefront's own profile
 * (POST/PUT /sra_profile, lib/operations/storefront-account/profile.ts): one validation, one storage path, so a
 * customer who registers is stored exactly as one an administrator creates (and the change feed sees both alike).
 */

const TYPE_FIXED = 'The user_type field cannot be changed after creation';

/**
 * POST /users' body checked (`readBodyFields`: `email` and `user_type` required, values in range), then the password
 * checked and hashed (`passwordOf`: the body's `password`, optional, by default), and the user written — profile,
 * login and list copies in one transaction; a company_id must name a company (400) and an e-mail in use is a 400
 * naming `email`.
 */
export async function createUserFromBody(
  store: Pick<AccountStore, 'createUser'>,
  body: Record<string, unknown>,
  passwordOf: (body: Record<string, unknown>) => Promise<string | undefined> = passwordHashOf,
): Promise<{ user: UserRecord; passwordHash: string | undefined }> {
  // readBodyFields normalises each value to its field's type (lib/http/typed-input.ts says why).
  const fields = readBodyFields(usersEntity, 'create', body) as UserCreate;
  const companyId = fields.company_id ?? 0;
  requireVendorCompany(fields.user_type, companyId);
  const passwordHash = await passwordOf(body);
  const user = await store.createUser(
    {
      email: fields.email,
      user_type: fields.user_type,
      status: fields.status ?? 'A',
      firstname: fields.firstname ?? '',
      lastname: fields.lastname ?? '',
      company_id: companyId,
      company: fields.company,
      phone: fields.phone ?? '',
      // Never root through the API; an import keeps the source's root administrator one (lib/db/preset-ids.ts).
      is_root: presetValue('is_root') === 'Y' ? 'Y' : 'N',
      password_hash: passwordHash,
    },
    { companyMustExist: true },
  );
  return { user, passwordHash };
}

/**
 * PUT /users' changes of `current` from a body: only the fields sent; `user_type` cannot change; a vendor keeps a
 * company. A body with no writable field and no new password is a 400 `Missing parameters`.
 */
export function userChangesFrom(body: Record<string, unknown>, current: UserRecord, newPassword: boolean): UserChanges {
  const fields = readBodyFields(usersEntity, 'update', body) as UserWrite;
  const { user_type: userType, ...changes } = fields;
  if (Object.keys(fields).length === 0 && !newPassword) throw badRequest('Missing parameters');
  if (userType !== undefined && userType !== current.user_type) {
    throw new ValidationError(TYPE_FIXED, [{ field: 'user_type', message: TYPE_FIXED }]);
  }
  const text = (field: 'email' | 'firstname' | 'lastname' | 'company' | 'phone') =>
    changes[field] !== undefined ? { [field]: String(changes[field]) } : {};
  const companyId = changes.company_id;
  keepVendorCompany(current.user_type, companyId);
  return {
    ...text('email'),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
    ...text('firstname'),
    ...text('lastname'),
    ...text('company'),
    ...text('phone'),
    ...(companyId !== undefined ? { company_id: companyId } : {}),
  };
}
