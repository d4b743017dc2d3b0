import { deleteUser } from '../../lib/db/users.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { parseId } from '../../lib/http/route.js';
import { noContent } from '../../lib/http/response.js';
import { guardPrivilegedUser, guardSelfRemoval } from '../../lib/operations/guards.js';

/** DELETE /users/:id → 204; the user's group links go with it. */
export const handler = apiHandler('users.delete', async ({ route, caller }) => {
  await deleteUser(parseId(route.id), (current) => {
    guardSelfRemoval(caller, current.user_id, true);
    guardPrivilegedUser(caller, current.user_type, current.user_id);
  });
  return noContent();
});
