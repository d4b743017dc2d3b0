import { deleteUsergroup } from '../../lib/db/usergroups.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { noContent } from '../../lib/http/response.js';
import { guardAdministratorGroup } from '../../lib/operations/guards.js';
import { refuseReserved, requireUsergroup } from '../../lib/operations/usergroups.js';

/** DELETE /usergroups/:id → 204; the group's membership links go with it. */
export const handler = apiHandler('usergroups.delete', async ({ route, caller }) => {
  const group = await requireUsergroup(route.id);
  refuseReserved(group, 'deleted');
  guardAdministratorGroup(caller, group.type === 'A');
  if (!(await deleteUsergroup(group.usergroup_id))) throw new NotFoundError('The usergroup does not exist');
  return noContent();
});
