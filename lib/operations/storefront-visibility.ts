import { config, MULTI_VENDOR_EDITIONS } from '../config.js';
import type { RecordOf } from '../db/entity-store.js';
import { categoriesEntity } from '../entities/categories.js';
import { storesEntity } from '../entities/companies.js';
import { ordersEntity } from '../entities/orders.js';
import { pagesEntity } from '../entities/pages.js';
import { productsEntity } from '../entities/products.js';
import { NotFoundError } from '../errors.js';
import type { ApiRequest } from '../http/operation.js';
import { contextCompany } from './company-scope.js';
import { instanceReader } from './instance-repository.js';
import { shopperView } from './storefront/shopper-view.js';
import { categoryVisible, isVisible } from './storefront/visibility.js';

/**
 * What a shopper may see of the small storefront entities (SPEC §11 "What a shopper may see"): objects of status
 * A (H ones by direct id), of active stores, in the shopper's usergroups; a customer's own orders. The catalogue's
 * products and categories are judged as the catalogue judges them (lib/operations/storefront/visibility.ts).
 */

const stores = /* @__PURE__ */ instanceReader(storesEntity);
const products = /* @__PURE__ */ instanceReader(productsEntity);
const categories = /* @__PURE__ */ instanceReader(categoriesEntity);
const pages = /* @__PURE__ */ instanceReader(pagesEntity);
const orders = /* @__PURE__ */ instanceReader(ordersEntity);

/** Is the edition a marketplace (vendors exist, so `sra_vendors` and `vendor_registration` do)? */
export const isMarketplace = () => MULTI_VENDOR_EDITIONS.includes(config().storeEdition);

/** The company, if it exists and is active (status A). */
export async function activeCompany(id: number): Promise<RecordOf<typeof storesEntity> | undefined> {
  const company = await stores.get(id);
  return company && String(company.status ?? 'A') === 'A' ? company : undefined;
}

/** The ids of every active company (one Query of the status index: companies are few). */
export async function activeCompanyIds(): Promise<number[]> {
  const { records } = await stores.list({
    conditions: [{ rule: { field: 'status', op: 'eq' }, values: ['A'] }],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  return records.map((record) => record.company_id);
}

/** A store context (`/stores/:id/sra_…`) is open to shoppers only while its store is active; else a 404. */
export async function checkShopperContext(request: ApiRequest): Promise<number | undefined> {
  const company = contextCompany(request);
  if (company !== undefined && !(await activeCompany(company))) throw new NotFoundError();
  return company;
}

const SHOWN_STATUSES = ['A', 'H'];

/** An object of a company is shown when its status is A or H, its company (0: the whole store) active and, in a store's context, that store. */
async function shownOfCompany<R extends { status?: string; company_id?: number }>(
  record: R | undefined,
  request: ApiRequest,
): Promise<R | undefined> {
  if (!record || !SHOWN_STATUSES.includes(record.status ?? 'A')) return undefined;
  const companyId = record.company_id ?? 0;
  const context = contextCompany(request);
  if (context !== undefined && companyId !== context) return undefined;
  if (companyId !== 0 && !(await activeCompany(companyId))) return undefined;
  return record;
}

/** A record of any of those entities, its company typed (every one stores the id as a number; E's is the context's). */
export type VisibleObject = Record<string, unknown> & { company_id?: number };

/**
 * The object a review is about, as the shopper may see it, or undefined: a product (P), category (C), page (A),
 * vendor (M, marketplaces only), the store itself (E, object_id 0) or the customer's own order (O).
 */
export async function visibleObject(request: ApiRequest, type: string, id: number): Promise<VisibleObject | undefined> {
  switch (type) {
    case 'P': {
      // As the catalogue shows it (lib/operations/storefront/visibility.ts): not in a hidden category.
      const product = await shownOfCompany(await products.get(id), request);
      if (!product) return undefined;
      const { hidden } = await shopperView(request);
      return isVisible(product, product.category_ids ?? [], hidden) ? product : undefined;
    }
    case 'C': {
      const category = await shownOfCompany(await categories.get(id), request);
      if (!category) return undefined;
      const { shopper, hidden } = await shopperView(request);
      return categoryVisible(category, hidden, shopper) ? category : undefined;
    }
    case 'A':
      return shownOfCompany(await pages.get(id), request);
    case 'M': {
      if (!isMarketplace()) return undefined;
      const context = contextCompany(request);
      return context === undefined || context === id ? activeCompany(id) : undefined;
    }
    case 'E':
      return id === 0 ? { company_id: contextCompany(request) ?? 0 } : undefined;
    case 'O': {
      const { caller } = request;
      if (caller.storefront === 'guest' || caller.userId < 1) return undefined;
      const order = await orders.get(id);
      return order && order.user_id === caller.userId ? order : undefined;
    }
    default:
      return undefined;
  }
}
