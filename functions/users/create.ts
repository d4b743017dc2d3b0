import { writeAnswer } from '../../lib/entities/answers.js';
import { usersEntity } from '../../lib/entities/users.js';
import { created } from '../../lib/http/response.js';
import { guardPrivilegedUser, sentText } from '../../lib/operations/guards.js';
import { createUserFromBody } from '../../lib/operations/user-writes.js';
import { profileIdOf } from '../../lib/operations/users.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/**
 * POST /users → 201 {"user_id": N, "profile_id": "N"} (the recording's types: lib/entities/users.ts `answers`). Never root, never with API access: those are the
 * admin tool's. company_id defaults to 0 (no company); a vendor needs one; a company_id must name an
 * existing company (400 naming the field). A `password` is stored as its slow hash only: the user's storefront
 * sign-in (POST /auth_tokens); API keys stay the admin tool's. The rules: lib/operations/user-writes.ts.
 */
export const handler = apiHandler('users.create', async ({ caller, body = {} }) => {
  guardPrivilegedUser(caller, sentText(body, 'user_type') ?? '');
  const { user } = await createUserFromBody(body);
  return created(writeAnswer(usersEntity, 'create', { user_id: user.user_id, profile_id: profileIdOf(user) }));
});
