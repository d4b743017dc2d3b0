import { usersEntity } from '../../lib/entities/users.js';
import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** PUT /users/:uid/usergroups/:gid (lib/operations/accounts/memberships.ts). */
export const handler = apiHandler(usersEntity, 'users.usergroups.update', accounts.updateMembership);
