import { createUser } from '../../lib/db/users.js';
import { usersEntity, type UserStatus, type UserType } from '../../lib/entities/users.js';
import { readBodyFields } from '../../lib/entities/validate.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { created } from '../../lib/http/response.js';
import { guardPrivilegedUser, sentText } from '../../lib/operations/guards.js';

/** POST /users → 201 {"user_id": N}. Never root, never with API access: those are the admin tool's. */
export const handler = apiHandler('users.create', async ({ caller, body = {} }) => {
  guardPrivilegedUser(caller, sentText(body, 'user_type') ?? '');
  const fields = readBodyFields(usersEntity, 'create', body);
  const user = await createUser({
    email: fields.email as string,
    user_type: fields.user_type as UserType,
    status: (fields.status as UserStatus | undefined) ?? 'A',
    firstname: (fields.firstname as string | undefined) ?? '',
    lastname: (fields.lastname as string | undefined) ?? '',
    company_id: (fields.company_id as number | undefined) ?? 0,
    is_root: 'N',
  });
  return created({ user_id: user.user_id });
});
