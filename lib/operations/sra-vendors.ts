import type { ListCondition } from '../db/entity-list.js';
import type { RecordOf } from '../db/entity-store.js';
import type { View } from '../entities/present.js';
import { productsEntity } from '../entities/products.js';
import type { sraVendorsEntity } from '../entities/sra-vendors.js';
import { NotFoundError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { conditionalGet } from '../http/preconditions.js';
import { ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import { contextCompany } from './company-scope.js';
import { type EntityHooks, listOperation, presentAll } from './crud.js';
import { instanceReader, instanceRepository } from './instance-repository.js';
import { approvedThread, averageRating, effectiveDiscussionType } from './sra-discussion/index.js';
import { withClampedPaging } from './storefront-paging.js';
import { activeCompany, isMarketplace } from './storefront-visibility.js';

type Def = typeof sraVendorsEntity;
type Vendor = RecordOf<Def>;

const products = /* @__PURE__ */ instanceReader(productsEntity);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The add-on's computed fields of a vendor: contact, shipping address, product count, discussion type (and the single's rating). */
async function decorate(records: Vendor[], view: View): Promise<Array<Record<string, unknown>>> {
  const counts = await products.countsOf(
    'company_id',
    records.map((record) => record.company_id),
  );
  // Reviews only for a single vendor: a list row would cost a thread read per row.
  const threads =
    view === 'single' ? await Promise.all(records.map((record) => approvedThread('M', record.company_id))) : [];
  return records.map((record, i) => ({
    ...record,
    contact_information: { email: text(record.email), phone: text(record.phone), url: text(record.url) },
    shipping_address: {
      address: text(record.address),
      city: text(record.city),
      state: text(record.state),
      state_code: text(record.state),
      country: text(record.country),
      country_code: text(record.country),
      zipcode: text(record.zipcode),
    },
    products_count: counts.get(String(record.company_id)) ?? 0,
    average_rating: threads[i] ? averageRating(threads[i].posts) : null,
    thread_id: threads[i]?.threadId ?? 0,
    discussion_type: effectiveDiscussionType(record),
  }));
}

/** The vendors a shopper sees: status A; in a store's context, that store alone (when active). */
const shopperHooks: EntityHooks<Def> = {
  scope: (request) => {
    const conditions: ListCondition[] = [{ rule: { field: 'status', op: 'eq' }, values: ['A'] }];
    const context = contextCompany(request);
    if (context !== undefined) conditions.push({ rule: { field: 'company_id', op: 'eq' }, values: [context] });
    return conditions;
  },
  decorate,
};

/** Vendors exist only in the marketplace editions: elsewhere the entity is unknown (404). */
function checkMarketplace(): void {
  if (!isMarketplace()) throw new NotFoundError();
}

export const listShopperVendors = (def: Def): Operation => {
  const list = listOperation(instanceRepository(def), shopperHooks);
  return (request) => {
    checkMarketplace();
    return list(withClampedPaging(request));
  };
};

export const getShopperVendor =
  (def: Def): Operation =>
  async (request) => {
    checkMarketplace();
    const id = parseId(request.route.id);
    const context = contextCompany(request);
    const vendor = context === undefined || context === id ? await activeCompany(id) : undefined;
    if (!vendor) throw new NotFoundError();
    const [shown] = await presentAll(def, shopperHooks, [vendor as Vendor], 'single');
    return conditionalGet(request, ok(shown));
  };
