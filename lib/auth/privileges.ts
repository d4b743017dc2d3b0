/**
 * Every privilege name the store knows (CS-Cart's privilege table, SPEC §5 and
 * test/fixtures/cscart-entities.md, the live recording). Names set on a group are validated against it.
 */
export const KNOWN_PRIVILEGES = [
  'view_usergroups',
  'manage_usergroups',
  'view_users',
  'manage_users',
  'view_catalog',
  'manage_catalog',
  'view_orders',
  'create_order',
  'edit_order',
  'delete_orders',
  'view_vendors',
  'manage_vendors',
  'view_stores',
  'manage_stores',
  'view_languages',
  'manage_languages',
  'manage_order_statuses',
  'view_taxes',
  'manage_taxes',
  'view_payments',
  'manage_payments',
  'view_shipping',
  'manage_shipping',
  'view_pages',
  'manage_pages',
  'edit_blocks',
  'view_call_requests',
  'manage_call_requests',
  'view_discussions',
  'manage_discussions',
  'view_settings',
  'update_settings',
  // --- webhooks (issue 20) ---
  'view_webhooks',
  'manage_webhooks',
  // Not CS-Cart's: the change feed (GET /api/events); root-only until a group is given it.
  'view_events',
] as const;

export type Privilege = (typeof KNOWN_PRIVILEGES)[number];

export function isKnownPrivilege(name: string): name is Privilege {
  return (KNOWN_PRIVILEGES as readonly string[]).includes(name);
}

export interface GroupGrant {
  type: string;
  status: string;
  privileges?: readonly string[];
}

/**
 * SPEC §5: a non-root administrator has exactly the union of the privileges of the
 * administrator groups (type A) whose status is A or H and in which their link is
 * active. `groups` are the groups of the caller's active links.
 */
export function unionOfGrants(groups: readonly GroupGrant[]): Set<string> {
  const granted = new Set<string>();
  for (const group of groups) {
    if (group.type !== 'A' || (group.status !== 'A' && group.status !== 'H')) continue;
    for (const privilege of group.privileges ?? []) granted.add(privilege);
  }
  return granted;
}
