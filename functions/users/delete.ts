import type { UserRecord } from '../../lib/db/records.js';
import { deleteUser } from '../../lib/db/users.js';
import { noContent } from '../../lib/http/response.js';
import { parseId } from '../../lib/http/route.js';
import { guardPrivilegedUser, guardSelfRemoval } from '../../lib/operations/guards.js';
import { assertJudgedVersion, judgeUserIfMatch } from '../../lib/operations/users.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** DELETE /users/:id → 204; the user's group links go with it. */
export const handler = apiHandler('users.delete', async (request) => {
  const { route, caller } = request;
  const guard = (current: UserRecord) => {
    guardSelfRemoval(caller, current.user_id, true);
    guardPrivilegedUser(caller, current.user_type, current.user_id);
  };
  const judged = await judgeUserIfMatch(request, guard);
  await deleteUser(parseId(route.id), (current) => {
    guard(current);
    assertJudgedVersion(judged, current);
  });
  return noContent();
});
