import { listUsergroups } from '../../lib/db/usergroups.js';
import { usergroupsEntity } from '../../lib/entities/usergroups.js';
import { readFilters } from '../../lib/entities/validate.js';
import { ok } from '../../lib/http/response.js';
import { presentUsergroup } from '../../lib/operations/presenters.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /usergroups: a bare object keyed by usergroup_id, filters type/status ANDed, reserved groups never listed (SPEC §3, §6). */
export const handler = apiHandler('usergroups.list', async ({ query }) => {
  const filters = readFilters(usergroupsEntity, query);
  const groups: Record<string, unknown> = {};
  for (const group of await listUsergroups()) {
    if (filters.type !== undefined && group.type !== filters.type) continue;
    if (filters.status !== undefined && group.status !== filters.status) continue;
    groups[group.usergroup_id] = presentUsergroup(group, false);
  }
  return ok(groups);
});
