import { setPasswordHash } from '../../lib/db/login-credentials.js';
import type { UserRecord } from '../../lib/db/records.js';
import { type UserChanges, updateUser } from '../../lib/db/users.js';
import { writeAnswer } from '../../lib/entities/answers.js';
import { usersEntity } from '../../lib/entities/users.js';
import { ok } from '../../lib/http/response.js';
import { parseId } from '../../lib/http/route.js';
import { guardPrivilegedUser, guardSelfRemoval, sentText } from '../../lib/operations/guards.js';
import { passwordHashOf } from '../../lib/operations/user-passwords.js';
import { userChangesFrom } from '../../lib/operations/user-writes.js';
import { assertJudgedVersion, judgeUserIfMatch, profileIdOf } from '../../lib/operations/users.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/**
 * PUT /users/:id → 200 {"user_id": "N", "profile_id": "N"} (the recording's strings): partial, only the fields sent change (SPEC §8).
 * A new company_id must name an existing company; a vendor cannot be left without one.
 */
export const handler = apiHandler('users.update', async (request) => {
  const { route, caller, body = {} } = request;
  const userId = parseId(route.id);
  const guard = (current: UserRecord) => {
    guardPrivilegedUser(caller, current.user_type, current.user_id);
    guardSelfRemoval(caller, current.user_id, sentText(body, 'status') === 'D');
  };
  const judged = await judgeUserIfMatch(request, guard);
  // Hashed before anything is written (a bad one is a 400 with nothing changed); set after the profile, under the same guard.
  const passwordHash = await passwordHashOf(body);
  const user = await updateUser(
    userId,
    (current): UserChanges => {
      guard(current);
      assertJudgedVersion(judged, current);
      return userChangesFrom(body, current, passwordHash !== undefined);
    },
    { companyMustExist: true },
  );
  // A new password ends the user's storefront tokens (they carry the old one's tag).
  if (passwordHash !== undefined) await setPasswordHash(userId, passwordHash);
  return ok(writeAnswer(usersEntity, 'update', { user_id: userId, profile_id: profileIdOf(user) }));
});
