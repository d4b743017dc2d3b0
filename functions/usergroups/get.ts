import { apiHandler } from '../../lib/http/api-handler.js';
import { ok } from '../../lib/http/response.js';
import { presentUsergroup } from '../../lib/operations/presenters.js';
import { requireUsergroup } from '../../lib/operations/usergroups.js';

/** GET /usergroups/:id, reserved groups included; privileges shown on administrator groups. */
export const handler = apiHandler('usergroups.get', async ({ route }) =>
  ok(presentUsergroup(await requireUsergroup(route.id), true)),
);
