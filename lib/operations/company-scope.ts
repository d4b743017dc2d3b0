import type { Caller } from '../entities/caller.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import type { Route } from '../http/route.js';

/** What a request's confinement depends on: who asks, and in which company's context. */
export type ScopeSource = { caller: Caller; route: Pick<Route, 'company'> };

/** The company of a store or vendor context path (`/stores/1/…` → 1), if the request has one. */
export function contextCompany(request: ScopeSource): number | undefined {
  return request.route.company?.companyId;
}

/**
 * The company whose records of `def` a request may see and write (SPEC §10), or undefined for no
 * confinement: a context path's company for a company-owned entity, else a vendor's own company for a
 * vendor-scoped one (a vendor reaches only its own company's context, middleware/company-context.ts).
 */
export function confinedCompany(def: StoredEntityDefinition, request: ScopeSource): number | undefined {
  const context = contextCompany(request);
  if (def.http.companyOwned && context !== undefined) return context;
  if (def.http.vendorScoped && request.caller.userType === 'V') return request.caller.companyId;
  return undefined;
}
