import { hasCustomerMembers, updateUsergroup } from '../../lib/db/usergroups.js';
import { type UsergroupStatus, type UsergroupType, usergroupsEntity } from '../../lib/entities/usergroups.js';
import { readBodyFields } from '../../lib/entities/validate.js';
import { ValidationError } from '../../lib/errors.js';
import { ifMatchJudge, specificIfMatch } from '../../lib/http/preconditions.js';
import { ok } from '../../lib/http/response.js';
import { guardAdministratorGroup, sentText } from '../../lib/operations/guards.js';
import { presentUsergroup } from '../../lib/operations/presenters.js';
import { refuseReserved, writeJudgedUsergroup } from '../../lib/operations/usergroups.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

const HAS_CUSTOMERS = 'A group with customer members cannot become an administrator group';

/** PUT /usergroups/:id → 200 {"usergroup_id": N}; type and status required (SPEC §6). */
export const handler = apiHandler('usergroups.update', async (request) => {
  const { route, caller, body = {} } = request;
  const judgeIfMatch = ifMatchJudge(request);
  const group = await writeJudgedUsergroup(route.id, async (current) => {
    refuseReserved(current, 'modified');
    guardAdministratorGroup(caller, current.type === 'A' || sentText(body, 'type') === 'A');
    await judgeIfMatch(() => presentUsergroup(current, true));
    const fields = readBodyFields(usergroupsEntity, 'update', body);
    const changes = {
      type: fields.type as UsergroupType,
      status: fields.status as UsergroupStatus,
      usergroup: fields.usergroup as string | undefined,
    };
    // Becoming an administrator group: prove there are no customer members, and that none joined since (members_rev).
    const becomesAdministrator = current.type !== 'A' && changes.type === 'A';
    if (becomesAdministrator && (await hasCustomerMembers(current.usergroup_id))) {
      throw new ValidationError(HAS_CUSTOMERS, [{ field: 'type', message: HAS_CUSTOMERS }]);
    }
    return updateUsergroup(current.usergroup_id, changes, {
      type: current.type,
      membersRev: becomesAdministrator ? (current.members_rev ?? 0) : undefined,
      shown: specificIfMatch(request) ? { status: current.status, usergroup: current.usergroup } : undefined,
    });
  });
  return ok({ usergroup_id: group.usergroup_id });
});
