import { apiHandler } from '../../lib/http/api-handler.js';
import { ok } from '../../lib/http/response.js';
import { presentUser } from '../../lib/operations/presenters.js';
import { requireUser } from '../../lib/operations/users.js';

/** GET /users/:id. The API key and its hash never appear. */
export const handler = apiHandler('users.get', async ({ route }) => ok(presentUser(await requireUser(route.id))));
