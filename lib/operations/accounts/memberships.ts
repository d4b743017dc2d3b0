import { type LinkStatus, membershipsResource } from '../../entities/usergroups.js';
import { readBodyFields } from '../../entities/validate.js';
import { NotFoundError } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { conditionalGet } from '../../http/preconditions.js';
import { noContent, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { changeMembership } from '../memberships.js';
import { presentLink } from '../presenters.js';
import type { AccountStore } from './store.js';

/**
 * GET /users/:uid/usergroups: a bare object keyed by usergroup_id of every link that is not F. Links are joined with
 * their groups, so a link to a group deleted a moment ago never shows, even before its cleanup has reached it.
 */
export const listMembershipsOf =
  (store: AccountStore): Operation =>
  async ({ route }) => {
    const { user, links } = await store.userWithLinks(parseId(route.id));
    if (!user) throw new NotFoundError('The User not found');
    const shown = links.filter((link) => link.status !== 'F');
    const groups = await store.usergroups(shown.map((link) => link.usergroup_id));
    const answer: Record<string, unknown> = {};
    for (const link of shown) {
      if (groups.has(link.usergroup_id)) answer[link.usergroup_id] = presentLink(link);
    }
    return ok(answer);
  };

/** GET /users/:uid/usergroups/:gid: the link; 404 when there is none, it is F, or its group is gone (one read). */
export const getMembershipOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const { route } = request;
    const { user, group, link } = await store.linkContext(parseId(route.id), parseId(route.nestedId));
    if (!user) throw new NotFoundError('The User not found');
    if (!group || !link || link.status === 'F') throw new NotFoundError('The user is not in this usergroup');
    return conditionalGet(request, ok(presentLink(link)));
  };

/** PUT /users/:uid/usergroups/:gid {"status": A|F|P|D} → 200 {"message":"Status has been changed."} (SPEC §7). */
export const updateMembershipOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const { route, caller, body = {} } = request;
    await changeMembership(
      store,
      caller,
      route,
      () => readBodyFields(membershipsResource, 'update', body).status as LinkStatus,
      request,
    );
    return ok({ message: 'Status has been changed.' });
  };

/** DELETE /users/:uid/usergroups/:gid → 204: the link becomes F and keeps its link_id (SPEC §7). */
export const deleteMembershipOf =
  (store: AccountStore): Operation =>
  async (request) => {
    await changeMembership(store, request.caller, request.route, () => 'F', request);
    return noContent();
  };
