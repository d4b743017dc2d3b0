import { getRecord } from '../../db/entity-store.js';
import { storesEntity } from '../../entities/companies.js';
import type { EntityFinder } from '../../entities/finder.js';
import type { StoredEntityDefinition } from '../../entities/types.js';
import { NotFoundError } from '../../errors.js';
import { parseId, type Route } from '../../http/route.js';
import type { Admission } from '../request.js';

/**
 * The first objects in the path of a store or vendor context (`/stores/:id/…`, `/vendors/:id/…`, SPEC
 * §10), judged after the body and before the operation's own objects: the company must exist, and a
 * vendor may only use its own company's context — another company's is a 404 to it, as that company's
 * objects are (it learns nothing about which companies exist). A nested path's parent that belongs to a
 * company (`/stores/1/categories/5/products`) must be that company's, else it does not exist there.
 */
export async function checkCompanyContext(admission: Admission, findEntity: EntityFinder): Promise<void> {
  const { route, caller } = admission;
  if (!route.company) return;
  const companyId = parseId(route.company.id);
  if (caller.userType === 'V' && companyId !== caller.companyId) throw new NotFoundError();
  // Stores and vendors are one company id space (lib/entities/companies.ts): one record for both views.
  const parent = companyOwnedParent(route, findEntity);
  const [company, parentRecord] = await Promise.all([
    getRecord(storesEntity, companyId),
    parent ? getRecord(parent, parseId(route.id)) : undefined,
  ]);
  if (!company) throw new NotFoundError();
  if (parent && (!parentRecord || Number(parentRecord.company_id) !== companyId)) throw new NotFoundError();
}

/** The entity of a nested route's parent (`categories` of `categories.products.list`), when its records belong to a company. */
function companyOwnedParent(route: Route, findEntity: EntityFinder): StoredEntityDefinition | undefined {
  const parts = route.key.split('.');
  if (parts.length < 3) return undefined;
  const parent = findEntity(parts[0]!) as StoredEntityDefinition | undefined;
  return parent?.http.companyOwned ? parent : undefined;
}
