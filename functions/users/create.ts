import { createUser } from '../../lib/db/users.js';
import { writeAnswer } from '../../lib/entities/answers.js';
import { type UserStatus, type UserType, usersEntity } from '../../lib/entities/users.js';
import { readBodyFields } from '../../lib/entities/validate.js';
import { created } from '../../lib/http/response.js';
import { guardPrivilegedUser, sentText } from '../../lib/operations/guards.js';
import { passwordHashOf } from '../../lib/operations/user-passwords.js';
import { profileIdOf, requireVendorCompany } from '../../lib/operations/users.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/**
 * POST /users → 201 {"user_id": N, "profile_id": "N"} (the recording's types: lib/entities/users.ts `answers`). Never root, never with API access: those are the
 * admin tool's. company_id defaults to 0 (no company); a vendor needs one; a company_id must name an
 * existing company (400 naming the field). A `password` is stored as its slow hash only: the user's storefront
 * sign-in (POST /auth_tokens); API keys stay the admin tool's.
 */
export const handler = apiHandler('users.create', async ({ caller, body = {} }) => {
  guardPrivilegedUser(caller, sentText(body, 'user_type') ?? '');
  const fields = readBodyFields(usersEntity, 'create', body);
  const companyId = (fields.company_id as number | undefined) ?? 0;
  requireVendorCompany(String(fields.user_type), companyId);
  const passwordHash = await passwordHashOf(body);
  const user = await createUser(
    {
      email: fields.email as string,
      user_type: fields.user_type as UserType,
      status: (fields.status as UserStatus | undefined) ?? 'A',
      firstname: (fields.firstname as string | undefined) ?? '',
      lastname: (fields.lastname as string | undefined) ?? '',
      company_id: companyId,
      company: fields.company as string | undefined,
      phone: (fields.phone as string | undefined) ?? '',
      is_root: 'N',
      password_hash: passwordHash,
    },
    { companyMustExist: true },
  );
  return created(writeAnswer(usersEntity, 'create', { user_id: user.user_id, profile_id: profileIdOf(user) }));
});
