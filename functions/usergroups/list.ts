import { usergroupsEntity } from '../../lib/entities/usergroups.js';
import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /usergroups (lib/operations/accounts/usergroups.ts). */
export const handler = apiHandler(usergroupsEntity, 'usergroups.list', accounts.listUsergroups);
