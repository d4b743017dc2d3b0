import * as accounts from '../../lib/operations/accounts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /usergroups (lib/operations/accounts/usergroups.ts). */
export const handler = apiHandler('usergroups.list', accounts.listUsergroups);
