import { getUsergroup, hasCustomerMembers, updateUsergroup } from '../../lib/db/usergroups.js';
import { usergroupsEntity, type UsergroupStatus, type UsergroupType } from '../../lib/entities/usergroups.js';
import { readBodyFields } from '../../lib/entities/validate.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { ok } from '../../lib/http/response.js';
import { guardAdministratorGroup, sentText } from '../../lib/operations/guards.js';
import { refuseReserved, requireUsergroup } from '../../lib/operations/usergroups.js';

const HAS_CUSTOMERS = 'A group with customer members cannot become an administrator group';

/** PUT /usergroups/:id → 200 {"usergroup_id": N}; type and status required (SPEC §6). */
export const handler = apiHandler('usergroups.update', async ({ route, caller, body = {} }) => {
  let group = await requireUsergroup(route.id);
  refuseReserved(group, 'modified');
  guardAdministratorGroup(caller, group.type === 'A' || sentText(body, 'type') === 'A');
  const fields = readBodyFields(usergroupsEntity, 'update', body);
  const changes = {
    type: fields.type as UsergroupType,
    status: fields.status as UsergroupStatus,
    usergroup: fields.usergroup as string | undefined,
  };
  // Becoming an administrator group: prove there are no customer members, and that none joined since (members_rev).
  for (let attempt = 0; attempt < 5; attempt++) {
    const becomesAdministrator = group.type !== 'A' && changes.type === 'A';
    if (becomesAdministrator && (await hasCustomerMembers(group.usergroup_id))) {
      throw new ValidationError(HAS_CUSTOMERS, [{ field: 'type', message: HAS_CUSTOMERS }]);
    }
    const written = await updateUsergroup(group.usergroup_id, changes, becomesAdministrator ? (group.members_rev ?? 0) : undefined);
    if (written) return ok({ usergroup_id: group.usergroup_id });
    const reread = await getUsergroup(group.usergroup_id);
    if (!reread) throw new NotFoundError('The usergroup does not exist');
    group = reread;
  }
  throw new ConflictError('The usergroup is being changed by another request; try again');
});
