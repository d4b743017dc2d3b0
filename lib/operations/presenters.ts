import type { LinkRecord, UsergroupRecord } from '../db/records.js';

/** How usergroups and links look in API answers: only the entity's fields, ids as integers (SPEC §6–§7). Users: lib/operations/users.ts. */

export function presentUsergroup(group: UsergroupRecord, withPrivileges: boolean): Record<string, unknown> {
  const shown: Record<string, unknown> = {
    usergroup_id: group.usergroup_id,
    type: group.type,
    status: group.status,
    usergroup: group.usergroup,
  };
  // SPEC §6: privileges only on a single administrator group, never in lists.
  if (withPrivileges && group.type === 'A') shown.privileges = [...(group.privileges ?? [])];
  return shown;
}

export function presentLink(link: LinkRecord): Record<string, unknown> {
  return { link_id: link.link_id, usergroup_id: link.usergroup_id, status: link.status };
}
