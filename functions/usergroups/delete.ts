import { deleteUsergroup } from '../../lib/db/usergroups.js';
import { ifMatchJudge, specificIfMatch } from '../../lib/http/preconditions.js';
import { noContent } from '../../lib/http/response.js';
import { guardAdministratorGroup } from '../../lib/operations/guards.js';
import { presentUsergroup } from '../../lib/operations/presenters.js';
import { refuseReserved, writeJudgedUsergroup } from '../../lib/operations/usergroups.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** DELETE /usergroups/:id → 204; the group's membership links go with it. */
export const handler = apiHandler('usergroups.delete', async (request) => {
  const judgeIfMatch = ifMatchJudge(request);
  await writeJudgedUsergroup(request.route.id, async (current) => {
    refuseReserved(current, 'deleted');
    guardAdministratorGroup(request.caller, current.type === 'A');
    await judgeIfMatch(() => presentUsergroup(current, true));
    const shown = specificIfMatch(request) ? { status: current.status, usergroup: current.usergroup } : undefined;
    return deleteUsergroup(current.usergroup_id, current.type, shown);
  });
  return noContent();
});
