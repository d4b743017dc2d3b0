import { config, VENDOR_API_EDITIONS } from '../config.js';
import { getUsergroups } from '../db/usergroups.js';
import type { Caller } from '../entities/caller.js';
import type { HttpFacet, Operation } from '../entities/types.js';
import { ForbiddenError } from '../errors.js';
import { grantedPrivileges } from './granted-privileges.js';
import { unionOfGrants } from './privileges.js';

/** What authorization judges of a request's route (lib/http/route.ts resolves it): its operation, privileges and resource. */
export interface Judged {
  operation: Operation | 'batch';
  privileges: readonly string[];
  resource: {
    http: Pick<
      HttpFacet,
      'vendorAccess' | 'vendorReadOnly' | 'storefrontAccess' | 'storefrontGuestOperations' | 'openOperations'
    >;
  };
}

/** The privileges a non-root administrator holds right now (one BatchGetItem of their active groups). */
export async function effectivePrivileges(caller: Caller): Promise<Set<string>> {
  if (caller.activeGroupIds.length === 0) return new Set();
  const groups = await getUsergroups(caller.activeGroupIds);
  return unionOfGrants([...groups.values()]);
}

/**
 * SPEC §5, judged before the body is read: a root administrator may do
 * everything; any other administrator needs every privilege the route names;
 * a vendor may only use vendor entities, and only in the multi-vendor editions
 * that allow it (their objects are then scoped to their company by the operation).
 */
export async function authorize(caller: Caller, route: Judged): Promise<void> {
  if (caller.storefront) return authorizeStorefront(caller, route);
  // A vendor's API key never opens the storefront (SPEC §11); an administrator's acts as their own account.
  if (caller.userType === 'V' && opensStorefrontOnly(route))
    throw new ForbiddenError('Vendors may not use the storefront');
  if (route.privileges.length === 0) return;
  if (caller.userType === 'V') {
    const editionAllows = VENDOR_API_EDITIONS.includes(config().storeEdition);
    if (!editionAllows || !route.resource.http.vendorAccess) {
      throw new ForbiddenError('Vendors may not use this resource');
    }
    const writes = route.operation !== 'list' && route.operation !== 'get';
    if (writes && route.resource.http.vendorReadOnly) throw new ForbiddenError('Vendors may only read this resource');
    return;
  }
  if (caller.userType !== 'A') throw new ForbiddenError();
  if (caller.isRoot) return;
  const granted = await grantedPrivileges(caller, effectivePrivileges);
  const missing = route.privileges.find((privilege) => !granted.has(privilege));
  if (missing) throw new ForbiddenError(`The ${missing} privilege is required`);
}

/** A storefront caller opens only the storefront's paths, a guest only those that need no customer (SPEC §4). */
function authorizeStorefront(caller: Caller, route: Judged): void {
  const access = route.resource.http.storefrontAccess;
  if (!access) throw new ForbiddenError('A storefront sign-in opens only the storefront paths');
  const guestMay =
    route.operation !== 'batch' && route.resource.http.storefrontGuestOperations?.includes(route.operation);
  if (access === 'customer' && caller.storefront !== 'customer' && !guestMay)
    throw new ForbiddenError('Sign in as a customer first (POST /auth_tokens)');
}

/**
 * A storefront path that vendors' API keys never open (SPEC §11: 403): every one but those that say `vendorAccess`
 * (/version) and the operations that need no credentials at all (sign-in).
 */
function opensStorefrontOnly(route: Judged): boolean {
  const { storefrontAccess, vendorAccess, openOperations } = route.resource.http;
  if (!storefrontAccess || vendorAccess) return false;
  return !(route.operation !== 'batch' && openOperations?.includes(route.operation));
}
