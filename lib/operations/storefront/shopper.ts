import type { TableTarget } from '../../db/table-target.js';
import { getUsergroups } from '../../db/usergroups.js';
import { ForbiddenError } from '../../errors.js';
import type { ApiRequest } from '../../http/operation.js';

/** Who browses the catalogue, as CS-Cart's `$auth['usergroup_ids']` sees them (SPEC §11 "What a shopper may see"). */
export interface Shopper {
  /** The groups whose objects they see: 0 (everyone) and 1 for a guest; 0, 2 and their active groups for a customer. */
  groups: number[];
  guest: boolean;
}

/** The built-in groups: 0 everyone, 1 Guest, 2 Registered. */
const GUEST_GROUPS = [0, 1];
const CUSTOMER_GROUPS = [0, 2];

/**
 * A guest (the storefront key alone) or a signed-in customer — or an administrator's API key, which acts as that
 * user's own storefront account (SPEC §11). A customer's groups are those whose link is active (their login item
 * holds them) and whose group is active (read on `table`). Vendors' keys never open the storefront (403).
 */
export async function shopperOf(request: Pick<ApiRequest, 'caller'>, table: TableTarget): Promise<Shopper> {
  const { caller } = request;
  if (caller.userType === 'V') throw new ForbiddenError('Vendors have no storefront');
  if (caller.storefront === 'guest' || caller.userId < 1) return { groups: GUEST_GROUPS, guest: true };
  const linked = caller.activeGroupIds.filter((id) => !CUSTOMER_GROUPS.includes(id) && id !== 1);
  const groups = linked.length === 0 ? new Map() : await getUsergroups(linked, table);
  const active = linked.filter((id) => groups.get(id)?.type === 'C' && groups.get(id)?.status === 'A');
  return { groups: [...CUSTOMER_GROUPS, ...active], guest: false };
}
