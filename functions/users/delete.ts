import { usersEntity } from '../../lib/entities/users.js';
import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** DELETE /users/:id (lib/operations/accounts/users.ts). */
export const handler = apiHandler(usersEntity, 'users.delete', accounts.deleteUser);
