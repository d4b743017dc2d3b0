import type { ListCondition, RecordOf } from '../../db/repository.js';
import { categoriesEntity } from '../../entities/categories.js';
import { optionsEntity } from '../../entities/options.js';
import { present } from '../../entities/present.js';
import { productsEntity } from '../../entities/products.js';
import { readFilters } from '../../entities/validate.js';
import { NotFoundError } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import type { ApiRequest, Operation } from '../../http/operation.js';
import { ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { assertVisible, type EntityHooks, listConditions, listOperation, presentAll } from '../crud.js';
import { instanceRepository } from '../instance-repository.js';
import { optionsOfProduct } from '../options.js';
import { shopperPrice } from '../product-prices.js';
import { productValueHooks } from '../products.js';
import { facetsOf } from './facets.js';
import { withFormattedPrices } from './prices.js';
import { amountParameter, featuresHash, idsParameter, storefrontQuery, switchOn } from './query.js';
import { repricedList } from './repriced-list.js';
import { combinationFields, selectedOptionsOf } from './selected-options.js';
import { onShelf } from './shelf.js';
import type { Shopper } from './shopper.js';
import { shopperView } from './shopper-view.js';
import { categoryVisible, type Hidden, hiddenProducts, hidingConditions, isVisible } from './visibility.js';

const products = /* @__PURE__ */ instanceRepository(productsEntity);
const categories = /* @__PURE__ */ instanceRepository(categoriesEntity);

/**
 * `sra_products` (CS-Cart's storefront add-on, SraProducts; SPEC §11): the product search of /products (lib/
 * operations/products.ts, the same list machinery and costs) with what a shopper may see laid over it — active
 * products of open stores outside hidden categories, at the shopper's price — and the add-on's extras: formatted
 * prices, `amount=N` quantity prices, `get_filters=true` facets, `features_hash`, `company_ids`.
 */

type ProductHooks = EntityHooks<typeof productsEntity>;

/** A condition no product meets (ids start at 1): an empty answer through the usual list, echo and all. */
const NOTHING: ListCondition = { rule: { field: 'product_id', op: 'eq' }, values: [0] };

/** The products a facet count reads per page (`get_filters`): every page of the result is counted. */
const FACET_PAGE = 1000;

/**
 * Every product of a list's result, a page at a time (keyset: each page starts after the last), each reduced to what
 * a facet counts and priced for the shopper: the memory a count holds is one page, whatever the result's size.
 */
async function* resultPages(conditions: ListCondition[], shopper: Shopper, amount: number) {
  let after: string | undefined;
  do {
    const { records, nextKey } = await products.list({
      conditions,
      sortBy: 'id',
      descending: false,
      page: 1,
      itemsPerPage: FACET_PAGE,
      ...(after === undefined ? {} : { after }),
    });
    yield records.map((record) => ({
      product_features: record.product_features,
      price: shopperPrice(record.price, record.prices, shopper.groups, amount),
    }));
    after = nextKey ?? undefined;
  } while (after !== undefined);
}

/** `features_hash` as conditions: per filter the products with that feature (an index) and one of its variants (the record). */
function featureConditions(selected: ReadonlyMap<number, readonly number[]>): ListCondition[] {
  return [...selected].flatMap(([featureId, variants]) => [
    { rule: { field: 'feature_ids', op: 'eq' }, values: [featureId] },
    { rule: { field: 'feature_variants', op: 'eq' }, values: [...variants] },
  ]);
}

/** Everything a shopper's list applies besides the query's own filters. */
function catalogueConditions(query: Record<string, string>, hidden: Hidden): ListCondition[] {
  const companies = idsParameter(query, 'company_ids');
  return [
    { rule: { field: 'status', op: 'eq' }, values: ['A'] },
    ...hidingConditions(hidden, 'category_ids'),
    ...(companies ? [{ rule: { field: 'company_id', op: 'eq' as const }, values: companies }] : []),
    ...featureConditions(featuresHash(query)),
  ];
}

/** The product hooks with a shopper's scope and price (quantity `amount`). */
function shopperHooks(shopper: Shopper, amount: number, scope: ListCondition[] = [], sorted = false): ProductHooks {
  return {
    ...productValueHooks,
    scope: () => scope,
    refine: (conditions) => (sorted ? conditions : onShelf(conditions)),
    decorate: async (records, view) => {
      // Priced from the stored rows, before the single view turns them into CS-Cart's shown `prices`.
      const prices = records.map((record) => shopperPrice(record.price, record.prices, shopper.groups, amount));
      const decorated = await productValueHooks.decorate!(records, view);
      return decorated.map((record, i) => ({ ...record, price: prices[i]!, base_price: prices[i]! }));
    },
  };
}

/** `/categories/:id/sra_products`: that category (404 unless the shopper may open it) is the list's `cid`. */
async function categoryOfPath(request: ApiRequest, shopper: Shopper, hidden: Hidden): Promise<string | undefined> {
  if (request.route.id === undefined) return undefined;
  const category = await categories.get(parseId(request.route.id));
  if (!category || !categoryVisible(category, hidden, shopper)) throw new NotFoundError();
  return String(category.category_id);
}

/**
 * `cid=<id>` of a category the shopper may not open (disabled, another usergroup's, a closed store's, unknown): no
 * products at all, whatever else the query says — CS-Cart joins `cid` to the categories the shopper sees, so a
 * product that also sits in a visible category is still not shown through a hidden one. One GetItem.
 */
async function closedCid(cid: string | undefined, shopper: Shopper, hidden: Hidden): Promise<boolean> {
  const id = digitsOf(cid?.trim());
  if (id === undefined) return false; // absent, or a malformed value the filters refuse (400)
  const category = await categories.get(id);
  return !category || !categoryVisible(category, hidden, shopper);
}

/** GET sra_products (and `/categories/:id/sra_products`). */
export const sraProductsList: Operation = async (request) => {
  const { shopper, hidden } = await shopperView(request);
  const amount = amountParameter(request.query);
  const cid = await categoryOfPath(request, shopper, hidden);
  const query = storefrontQuery(cid === undefined ? request.query : { ...request.query, cid });
  const [scope, closed] = await Promise.all([
    hiddenProducts(hidden).then((shown) => catalogueConditions(query, shown)),
    cid === undefined ? closedCid(query.cid, shopper, hidden) : false,
  ]);
  if (closed) scope.push(NOTHING);
  // Another vendor's offers of the same product: this catalogue has no shared master products, so none.
  if (query.vendor_products_by_product_id !== undefined) {
    idsParameter(query, 'vendor_products_by_product_id');
    scope.push(NOTHING);
  }
  // The category page's index is in id order: a list sorted by another key reads that key's items, as before.
  const sorted = Boolean(productsEntity.storage.sortRules?.[query.sort_by?.trim() ?? '']);
  const hooks = shopperHooks(shopper, amount, scope, sorted);
  const listed = { ...request, query };
  // A price range or price sort at the shopper's price, where some products are priced differently for them.
  const merged = await repricedList(listed, hooks, shopper, amount);
  const body = (merged ?? (await listOperation(products, hooks)(listed)).body) as Record<string, unknown> & {
    products: Array<Record<string, unknown>>;
  };
  body.products = body.products.map(withFormattedPrices);
  if (switchOn(query.get_filters)) {
    const conditions = await listConditions(productsEntity, hooks, listed, readFilters(productsEntity, query));
    body.filters = await facetsOf(resultPages(conditions, shopper, amount), featuresHash(query));
  }
  return ok(body);
};

/** The product's active options. */
async function activeOptions(productId: number) {
  return (await optionsOfProduct(productId)).filter((option) => (option.status ?? 'A') === 'A');
}

/** The options keyed by option id as CS-Cart's product data holds them ([] without any). */
function productOptions(options: readonly RecordOf<typeof optionsEntity>[]): Record<string, unknown> | never[] {
  if (options.length === 0) return [];
  return Object.fromEntries(
    options.map((option) => [String(option.option_id), present(optionsEntity, option, 'single')]),
  );
}

/**
 * GET sra_products/:id: an active or hidden (H: by link only) product the shopper may see, else a 404; with
 * `selected_options[..]` the picked combination's code and stock (./selected-options.ts).
 */
export const sraProductGet: Operation = async (request) => {
  const { shopper, hidden } = await shopperView(request);
  const amount = amountParameter(request.query);
  const picked = selectedOptionsOf(request.query);
  const id = parseId(request.route.id);
  const found = await products.get(id);
  const record = assertVisible(productsEntity, request, found);
  const shown =
    (record.status === 'A' || record.status === 'H') && isVisible(record, record.category_ids ?? [], hidden);
  if (!shown) throw new NotFoundError();
  const [[product], options] = await Promise.all([
    presentAll(productsEntity, shopperHooks(shopper, amount), [record], 'single'),
    activeOptions(id),
  ]);
  const combination = picked ? await combinationFields(id, picked, options) : {};
  const listed = productOptions(options);
  return ok(
    withFormattedPrices({ ...product, product_options: listed, has_options: !Array.isArray(listed), ...combination }),
  );
};
