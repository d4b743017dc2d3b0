import { getLinkContext } from '../../lib/db/memberships.js';
import { NotFoundError } from '../../lib/errors.js';
import { conditionalGet } from '../../lib/http/preconditions.js';
import { ok } from '../../lib/http/response.js';
import { parseId } from '../../lib/http/route.js';
import { presentLink } from '../../lib/operations/presenters.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /users/:uid/usergroups/:gid: the link record; 404 when there is none, it is F, or its group is gone (one BatchGetItem). */
export const handler = apiHandler('users.usergroups.get', async (request) => {
  const { route } = request;
  const userId = parseId(route.id);
  const { user, group, link } = await getLinkContext(userId, parseId(route.nestedId));
  if (!user) throw new NotFoundError('The User not found');
  if (!group || !link || link.status === 'F') throw new NotFoundError('The user is not in this usergroup');
  return conditionalGet(request, ok(presentLink(link)));
});
