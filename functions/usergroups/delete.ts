import { deleteUsergroup } from '../../lib/db/usergroups.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { noContent } from '../../lib/http/response.js';
import { guardAdministratorGroup } from '../../lib/operations/guards.js';
import { refuseReserved, writeJudgedUsergroup } from '../../lib/operations/usergroups.js';

/** DELETE /usergroups/:id → 204; the group's membership links go with it. */
export const handler = apiHandler('usergroups.delete', async ({ route, caller }) => {
  await writeJudgedUsergroup(route.id, async (current) => {
    refuseReserved(current, 'deleted');
    guardAdministratorGroup(caller, current.type === 'A');
    return deleteUsergroup(current.usergroup_id, current.type);
  });
  return noContent();
});
