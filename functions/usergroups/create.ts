import { createUsergroup } from '../../lib/db/usergroups.js';
import { writeAnswer } from '../../lib/entities/answers.js';
import { type UsergroupStatus, type UsergroupType, usergroupsEntity } from '../../lib/entities/usergroups.js';
import { readBodyFields } from '../../lib/entities/validate.js';
import { created } from '../../lib/http/response.js';
import { guardAdministratorGroup, sentText } from '../../lib/operations/guards.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /usergroups → 201 {"usergroup_id": N}; ids from 3 upwards, never reused. */
export const handler = apiHandler('usergroups.create', async ({ caller, body = {} }) => {
  guardAdministratorGroup(caller, sentText(body, 'type') === 'A');
  const fields = readBodyFields(usergroupsEntity, 'create', body);
  const group = await createUsergroup({
    type: fields.type as UsergroupType,
    status: fields.status as UsergroupStatus,
    usergroup: fields.usergroup as string | undefined,
  });
  return created(writeAnswer(usergroupsEntity, 'create', group.usergroup_id));
});
