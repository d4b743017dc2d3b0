import type { ListCondition } from '../../db/repository.js';
import { categoriesEntity } from '../../entities/categories.js';
import { NotFoundError } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { categoryHooks } from '../categories/index.js';
import { assertVisible, listOperation, presentAll } from '../crud.js';
import { instanceRepository } from '../instance-repository.js';
import { storefrontQuery, switchOn } from './query.js';
import { shopperView } from './shopper-view.js';
import { categoryVisible, type Hidden } from './visibility.js';

const categories = /* @__PURE__ */ instanceRepository(categoriesEntity);

/**
 * `sra_categories` (CS-Cart's SraCategories; SPEC §11): the category tree a shopper sees — lists show active
 * categories (A) of open stores whose `usergroup_ids` let the shopper in (`parent_id` for one level); a single one
 * may also be hidden (H, reached by link), and `get_subcategories=Y` adds its visible children as `subcategories`.
 */

/** The conditions that keep what the shopper may not see out of a list of categories. */
function visibleCategories(hidden: Hidden): ListCondition[] {
  const out: ListCondition[] = [{ rule: { field: 'status', op: 'eq' }, values: ['A'] }];
  if (hidden.categories.length > 0) out.push({ rule: { field: 'category_id', op: 'none' }, values: hidden.categories });
  if (hidden.companies.length > 0) out.push({ rule: { field: 'company_id', op: 'none' }, values: hidden.companies });
  return out;
}

export const sraCategoriesList: Operation = async (request) => {
  const { hidden } = await shopperView(request);
  const scope = visibleCategories(hidden);
  return listOperation(categories, { ...categoryHooks, scope: () => scope })({
    ...request,
    query: storefrontQuery(request.query),
  });
};

export const sraCategoryGet: Operation = async (request) => {
  const id = parseId(request.route.id);
  const [{ record: found, counts }, { shopper, hidden }] = await Promise.all([
    categories.getWithCounts(id, categoryHooks.alongsideCounts!(id)),
    shopperView(request),
  ]);
  const record = assertVisible(categoriesEntity, request, found);
  if (!categoryVisible(record, hidden, shopper)) throw new NotFoundError();
  const [category] = await presentAll(categoriesEntity, categoryHooks, [{ ...record, ...counts }], 'single');
  if (!switchOn(request.query.get_subcategories)) return ok(category);
  const { records } = await categories.list({
    conditions: [{ rule: { field: 'parent_id', op: 'eq' }, values: [id] }, ...visibleCategories(hidden)],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  const subcategories = await presentAll(categoriesEntity, categoryHooks, records, 'list');
  return ok({ ...category, subcategories });
};
