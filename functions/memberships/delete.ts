import { noContent } from '../../lib/http/response.js';
import { changeMembership } from '../../lib/operations/memberships.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** DELETE /users/:uid/usergroups/:gid → 204: the link becomes F and keeps its link_id (SPEC §7). */
export const handler = apiHandler('users.usergroups.delete', async (request) => {
  await changeMembership(request.caller, request.route, () => 'F', request);
  return noContent();
});
