import { conditionalGet } from '../../lib/http/preconditions.js';
import { ok } from '../../lib/http/response.js';
import { presentUsergroup } from '../../lib/operations/presenters.js';
import { requireUsergroup } from '../../lib/operations/usergroups.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /usergroups/:id, reserved groups included; privileges shown on administrator groups. */
export const handler = apiHandler('usergroups.get', async (request) =>
  conditionalGet(request, ok(presentUsergroup(await requireUsergroup(request.route.id), true))),
);
