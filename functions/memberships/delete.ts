import { usersEntity } from '../../lib/entities/users.js';
import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** DELETE /users/:uid/usergroups/:gid (lib/operations/accounts/memberships.ts). */
export const handler = apiHandler(usersEntity, 'users.usergroups.delete', accounts.deleteMembership);
