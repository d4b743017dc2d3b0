import { type LinkStatus, membershipsResource } from '../../lib/entities/usergroups.js';
import { readBodyFields } from '../../lib/entities/validate.js';
import { ok } from '../../lib/http/response.js';
import { changeMembership } from '../../lib/operations/memberships.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** PUT /users/:uid/usergroups/:gid {"status": A|F|P|D} → 200 {"message":"Status has been changed."} (SPEC §7). */
export const handler = apiHandler('users.usergroups.update', async (request) => {
  const { route, caller, body = {} } = request;
  await changeMembership(
    caller,
    route,
    () => readBodyFields(membershipsResource, 'update', body).status as LinkStatus,
    request,
  );
  return ok({ message: 'Status has been changed.' });
});
