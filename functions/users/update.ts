import { usersEntity } from '../../lib/entities/users.js';
import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** PUT /users/:id (lib/operations/accounts/users.ts). */
export const handler = apiHandler(usersEntity, 'users.update', accounts.updateUser);
