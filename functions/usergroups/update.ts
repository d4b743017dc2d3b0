import { usergroupsEntity } from '../../lib/entities/usergroups.js';
import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** PUT /usergroups/:id (lib/operations/accounts/usergroups.ts). */
export const handler = apiHandler(usergroupsEntity, 'usergroups.update', accounts.updateUsergroup);
