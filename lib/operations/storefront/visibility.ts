import type { RecordOf } from '../../db/entity-store.js';
import type { ListCondition } from '../../db/list-filter.js';
import { outsideOf } from '../../db/list-outside.js';
import { categoryGroups, restrictedCategories } from '../../db/restricted-categories.js';
import { categoriesEntity } from '../../entities/categories.js';
import { COMPANY_STATUSES, companiesStorage } from '../../entities/companies.js';
import { productsEntity } from '../../entities/products.js';
import { instanceReader } from '../instance-repository.js';
import type { Shopper } from './shopper.js';

const categories = /* @__PURE__ */ instanceReader(categoriesEntity);
const companies = /* @__PURE__ */ instanceReader(companiesStorage);
const products = /* @__PURE__ */ instanceReader(productsEntity);

/**
 * What a shopper may not see (SPEC §11): the categories that are disabled or whose `usergroup_ids` leave all of the
 * shopper's groups out, and the stores that are not active. Each is read from a partition that holds exactly those
 * (the categories' `status` D index, the restricted-categories partition, the companies' inactive `status`
 * indexes): its cost follows how many such objects the store has, never the catalogue's size.
 */
export interface Hidden {
  categories: number[];
  companies: number[];
}

const CLOSED_COMPANY_STATUSES = COMPANY_STATUSES.filter((status) => status !== 'A');

/** Does a category's or product price row's group list let one of these groups in? */
export const admits = (allowed: readonly number[], groups: readonly number[]) =>
  allowed.some((id) => id === 0 || groups.includes(id));

export async function hiddenFor(shopper: Shopper): Promise<Hidden> {
  const [restricted, disabled, ...closed] = await Promise.all([
    restrictedCategories(),
    categories.idsIn('status', 'D'),
    ...CLOSED_COMPANY_STATUSES.map((status) => companies.idsIn('status', status)),
  ]);
  const unseen = [...restricted].filter(([, groups]) => !admits(groups, shopper.groups)).map(([id]) => id);
  return {
    categories: [...new Set([...disabled, ...unseen])].sort((a, b) => a - b),
    companies: closed.flat().sort((a, b) => a - b),
  };
}

/** Those of `ids` that hold at least one product (by `index`'s count items: one BatchGetItem). */
async function holdingProducts(index: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const counts = await products.countsOf(index, ids);
  return ids.filter((id) => (counts.get(String(id)) ?? 0) > 0);
}

/**
 * The hidden categories and closed stores that hold products: only those need judging on a product list. A list
 * with nothing to judge keeps its count item for `total_items` (no COUNT of its range), so a store whose hidden
 * categories and closed stores are empty — the usual case — pays nothing for them at any catalogue size.
 */
export async function hiddenProducts(hidden: Hidden): Promise<Hidden> {
  const [categories, companies] = await Promise.all([
    holdingProducts('category_ids', hidden.categories),
    holdingProducts('company_id', hidden.companies),
  ]);
  return { categories, companies };
}

/**
 * The list conditions that keep hidden objects out, judged on the index items a list reads anyway (the products'
 * items carry `category_ids` and `company_id`): a product of a closed store is never listed, nor one all of whose
 * categories are hidden. A product in several categories shows while one of them is visible, as CS-Cart's
 * fn_get_products joins a product's categories with the shopper's conditions (any category passing is enough):
 * the `outside` rule (lib/db/list-outside.ts).
 */
export function hidingConditions(hidden: Hidden, categoryField: string): ListCondition[] {
  const out: ListCondition[] = [];
  if (hidden.categories.length > 0)
    out.push({ rule: { field: categoryField, op: 'outside' }, values: hidden.categories });
  if (hidden.companies.length > 0) out.push({ rule: { field: 'company_id', op: 'none' }, values: hidden.companies });
  return out;
}

/** The same judgement on one record (a GET of one object): one of its categories visible, its store open. */
export function isVisible(record: { company_id?: number }, categoryIds: readonly number[], hidden: Hidden) {
  return !hidden.companies.includes(record.company_id ?? 0) && outsideOf(categoryIds, hidden.categories);
}

/** A category a shopper may open by id: active or hidden (H: reachable by link), in groups they belong to, of an open store. */
export function categoryVisible(category: RecordOf<typeof categoriesEntity>, hidden: Hidden, shopper: Shopper) {
  return (
    (category.status === 'A' || category.status === 'H') &&
    admits(categoryGroups(category), shopper.groups) &&
    !hidden.companies.includes(category.company_id ?? 0)
  );
}
