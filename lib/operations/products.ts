import type { ListCondition } from '../db/entity-list.js';
import type { RecordOf } from '../db/entity-store.js';
import { repricedProductItems } from '../db/repriced-products.js';
import type { TableTarget } from '../db/table-target.js';
import type { WordMatch } from '../db/text-items.js';
import { categoriesEntity } from '../entities/categories.js';
import { companiesStorage } from '../entities/companies.js';
import { presentProductFeature } from '../entities/feature-presenter.js';
import { featuresEntity, VARIANT_FEATURE_TYPES } from '../entities/features.js';
import { productsEntity } from '../entities/products.js';
import type { FiltersOf, WriteValuesOf } from '../entities/record-types.js';
import { invalidField, NotFoundError } from '../errors.js';
import { parseProductFeatures } from '../http/product-features-body.js';
import { parseId } from '../http/route.js';
import { categoryTreeOf } from './categories/index.js';
import type { EntityHooks } from './crud.js';
import { deletePostsOf } from './discussions/index.js';
import { NUMBER_FEATURE_TYPES, numberFeatureValue } from './feature-numbers.js';
import { instanceReader } from './instance-repository.js';
import { deleteOptionsOfProduct } from './option-combinations.js';
import { productCreateDefaults } from './product-defaults.js';
import { pricesChanges, shownPrices } from './product-prices.js';
import { repairGroupParent } from './variation-groups.js';

type ProductValues = WriteValuesOf<typeof productsEntity>;
type ProductRecord = RecordOf<typeof productsEntity>;

const featureRecords = /* @__PURE__ */ instanceReader(featuresEntity);
const companies = /* @__PURE__ */ instanceReader(companiesStorage);
const categories = /* @__PURE__ */ instanceReader(categoriesEntity);

/** `main_category` is one of `category_ids` (the first unless another one is named), 0 without categories. */
function mainCategory(categoryIds: number[], wanted: number | undefined): number {
  if (wanted !== undefined && wanted !== 0) {
    if (!categoryIds.includes(wanted))
      throw invalidField('main_category', "The main_category field must be one of the product's category_ids");
    return wanted;
  }
  return categoryIds[0] ?? 0;
}

/**
 * `product_features` as sent — `{feature_id: variant_id}` for the select types, `{feature_id: value}`
 * for the others — checked against the features and stored as the recording shows it, keyed by feature
 * id with the feature's description and the chosen variant. `feature_ids` (hidden) keeps features in use.
 */
async function productFeatures(
  sent: Record<string, unknown>,
): Promise<{ product_features: Record<string, unknown>; feature_ids: number[]; feature_variants: number[] }> {
  const sentFeatures = parseProductFeatures(sent);
  const ids = sentFeatures.map(({ featureId }) => featureId);
  const features = new Map((await featureRecords.getMany(ids)).map((feature) => [feature.feature_id, feature]));
  const shown: Record<string, unknown> = {};
  const chosen: number[] = [];
  for (const { key, featureId, value, variantId } of sentFeatures) {
    const feature = features.get(featureId);
    if (!feature)
      throw invalidField('product_features', `The product_features field names feature ${key}, which does not exist`);
    const variants = (feature.variants ?? {}) as Record<string, Record<string, unknown>>;
    const type = String(feature.feature_type);
    // A number select (N) given a number that is none of its variants holds the number, as O and D do.
    const isVariant = Object.hasOwn(variants, String(value));
    const usesVariant = VARIANT_FEATURE_TYPES.includes(type) && (type !== 'N' || isVariant);
    const number = !usesVariant && NUMBER_FEATURE_TYPES.includes(type) ? numberFeatureValue(type, value, key) : null;
    if (usesVariant && !isVariant) {
      throw invalidField(
        'product_features',
        `The product_features field names a variant that feature ${key} does not have`,
      );
    }
    if (!usesVariant && (typeof value === 'object' || String(value).length > 255)) {
      throw invalidField(
        'product_features',
        `The product_features field needs a value of at most 255 characters for feature ${key}`,
      );
    }
    const variant = usesVariant ? variants[String(value)] : undefined;
    // The variant id sent, proved a key of the feature's variants just above.
    if (usesVariant) chosen.push(variantId);
    shown[key] = presentProductFeature(key, feature, { value, usesVariant, number, variant });
  }
  return { product_features: shown, feature_ids: ids, feature_variants: chosen };
}

/** The company's name, copied onto the product when it is written (unknown companies are refused by the reference check). */
async function companyName(companyId: number): Promise<string> {
  if (companyId === 0) return '';
  const company = await companies.get(companyId);
  return company ? String(company.company ?? '') : '';
}

async function derived(values: ProductValues, current?: ProductRecord): Promise<ProductValues> {
  const out: ProductValues = { ...values };
  if (values.category_ids !== undefined || values.main_category !== undefined) {
    const categoryIds = ((values.category_ids ?? current?.category_ids ?? []) as number[]).map(Number);
    out.main_category = mainCategory(
      categoryIds,
      values.main_category ?? (values.category_ids === undefined ? current?.main_category : undefined),
    );
    out.category_tree = await categoryTreeOf(categoryIds);
  }
  if (values.product_features !== undefined)
    Object.assign(out, await productFeatures(values.product_features as Record<string, unknown>));
  if (values.company_id !== undefined) out.company_name = await companyName(values.company_id);
  Object.assign(out, await pricesChanges(values));
  if (out.price !== undefined) out.base_price = out.price;
  return out;
}

/** `cid` selects a category's products, with its subcategories unless `subcats=N` (CS-Cart's default is Y). */
async function categoryCondition(categoryId: number, subcats: 'Y' | 'N' | undefined): Promise<ListCondition> {
  if (subcats === 'N') return { rule: { field: 'category_ids', op: 'eq' }, values: [categoryId] };
  return { rule: { field: 'category_tree', op: 'eq' }, values: [categoryId] };
}

/** `q` with its `match`, and CS-Cart 4.20's `updated_in_hours` as a lower bound of `updated_timestamp`. */
function searchConditions(filters: FiltersOf<typeof productsEntity>): ListCondition[] {
  const out: ListCondition[] = [];
  if (filters.q !== undefined)
    out.push({
      rule: productsEntity.storage.filterRules!.q!,
      values: [filters.q],
      match: (filters.match as WordMatch | undefined) ?? 'exact',
    });
  // Both bounds may come; the later one holds (the hook handles the field, so crud adds neither itself).
  if (filters.updated_since !== undefined)
    out.push({ rule: productsEntity.storage.filterRules!.updated_since!, values: [filters.updated_since] });
  if (filters.updated_in_hours !== undefined) {
    out.push({
      rule: { field: 'updated_timestamp', op: 'gte' },
      values: [Math.floor(Date.now() / 1000) - filters.updated_in_hours * 3600],
    });
  }
  return out;
}

/**
 * The product hooks that write nothing beside the record: the rules, defaults and views a product's create, update,
 * list and presentation apply (what a reader or a presenter of products needs, on whatever table).
 */
export const productValueHooks: EntityHooks<typeof productsEntity> = {
  // A product's discussion posts, options, option exceptions and combinations go with it, as in CS-Cart; its
  // variation group loses it (a new default if it was one).
  afterDelete: async (deleted) => {
    await deletePostsOf('P', deleted.product_id);
    await deleteOptionsOfProduct(deleted.product_id);
    if (deleted.variation_group_id) await repairGroupParent(deleted.variation_group_id, deleted.product_id);
  },
  conditions: async (filters) => [
    ...(filters.cid !== undefined ? [await categoryCondition(filters.cid, filters.subcats)] : []),
    ...searchConditions(filters),
  ],
  create: async (values) => derived(await productCreateDefaults(values)),
  update: (changes, current) => derived(changes, current),
  decorate: async (records, view) =>
    view === 'list'
      ? records
      : records.map((record) => ({
          ...record,
          shared_between_companies: [record.company_id ?? 0],
          prices: shownPrices(record.product_id, record.price, record.prices),
        })),
};

/**
 * The product hooks of a repository over `table`: the value hooks, and the items a product's write carries. Products
 * with quantity or usergroup prices are listed in a small partition of their own, so a shopper's price range and
 * price sort find them (lib/db/repriced-products.ts); written on `table`, the table of the write they join
 * (lib/handlers/entity-handler.ts hands a plain entity's hooks its repository's context).
 */
export const productHooksOn = (table: TableTarget): EntityHooks<typeof productsEntity> => ({
  ...productValueHooks,
  extraItems: () => (record, previous) => ({
    items: repricedProductItems(record.product_id, record, previous, table),
  }),
  removeItems: (current) => repricedProductItems(current.product_id, undefined, undefined, table),
});

/** `/categories/:id/products`: the category's products (and its subcategories' unless subcats=N); 404 for an unknown category. */
export const categoryProductsHooksOn = (table: TableTarget): EntityHooks<typeof productsEntity> => ({
  ...productHooksOn(table),
  scope: async ({ route, query }) => {
    const categoryId = parseId(route.id);
    if (!(await categories.get(categoryId))) throw new NotFoundError();
    return [await categoryCondition(categoryId, query.subcats?.trim().toUpperCase() === 'N' ? 'N' : 'Y')];
  },
});
