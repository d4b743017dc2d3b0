import { conditionalGet } from '../../lib/http/preconditions.js';
import { ok } from '../../lib/http/response.js';
import { presentUsers, requireUser } from '../../lib/operations/users.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /users/:id: the recording's fields and JSON types; 404 when unknown. The API key and its hash never appear. */
export const handler = apiHandler('users.get', async (request) => {
  const [shown] = await presentUsers([await requireUser(request.route.id)], 'single');
  return conditionalGet(request, ok(shown));
});
