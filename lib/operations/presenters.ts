import type { LinkRecord, UsergroupRecord, UserRecord } from '../db/records.js';

/** How each record looks in API answers: only the entity's fields, ids as integers. */

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

export function presentUser(user: UserRecord): Record<string, unknown> {
  return {
    user_id: user.user_id,
    email: user.email,
    user_type: user.user_type,
    status: user.status,
    firstname: user.firstname,
    lastname: user.lastname,
    company_id: user.company_id,
    is_root: user.is_root,
    timestamp: user.timestamp,
  };
}

export function presentLink(link: LinkRecord): Record<string, unknown> {
  return { link_id: link.link_id, usergroup_id: link.usergroup_id, status: link.status };
}
