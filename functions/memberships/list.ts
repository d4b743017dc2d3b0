import { getUsergroups } from '../../lib/db/usergroups.js';
import { getUserWithLinks } from '../../lib/db/users.js';
import { NotFoundError } from '../../lib/errors.js';
import { ok } from '../../lib/http/response.js';
import { parseId } from '../../lib/http/route.js';
import { presentLink } from '../../lib/operations/presenters.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/**
 * GET /users/:uid/usergroups: a bare object keyed by usergroup_id of every link
 * that is not F. Links are joined with their groups, so a link to a group deleted
 * a moment ago never shows, even before its cleanup has reached it.
 */
export const handler = apiHandler('users.usergroups.list', async ({ route }) => {
  const { user, links } = await getUserWithLinks(parseId(route.id));
  if (!user) throw new NotFoundError('The User not found');
  const shown = links.filter((link) => link.status !== 'F');
  const groups = await getUsergroups(shown.map((link) => link.usergroup_id));
  const answer: Record<string, unknown> = {};
  for (const link of shown) {
    if (groups.has(link.usergroup_id)) answer[link.usergroup_id] = presentLink(link);
  }
  return ok(answer);
});
