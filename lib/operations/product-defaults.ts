import { readItem, writeItem } from '../db/items.js';
import { categoriesEntity } from '../entities/categories.js';
import { storesEntity } from '../entities/companies.js';
import type { productsEntity } from '../entities/products.js';
import type { WriteValuesOf } from '../entities/record-types.js';
import { type FieldValues, withDefaults } from '../entities/validate.js';
import { invalidField } from '../errors.js';
import { categoryHooks } from './categories/index.js';
import { withIdOf } from './crud.js';
import { instanceReader, instanceRepository } from './instance-repository.js';

const stores = /* @__PURE__ */ instanceReader(storesEntity);
const categories = /* @__PURE__ */ instanceRepository(categoriesEntity);

/**
 * What CS-Cart's `fn_update_product` and the API's `Products::create` fill in for a new product (SPEC §10
 * "Defaults of a create"): the company — a vendor's own and a store context's are forced before this runs
 * (lib/operations/crud.ts); otherwise the default company, the first store, never 0 — and, without
 * `category_ids`, that company's default category (`fn_get_or_create_default_category_id`: a hidden category
 * "Products without category" marked `is_default`, made on first need).
 */

/** The item that names a company's default category, so finding it costs one GetItem. */
const defaultCategoryKey = (companyId: number) => ({ pk: `DEFAULTCATEGORY#${companyId}`, sk: 'DEFAULTCATEGORY' });
/** The marker's item as defaultCategoryId writes it: the category id a number. */
type DefaultCategoryMarker = { category_id: number };

/** The first store (the lowest company id): the default company of a single-store install (and of batch upserts). */
export async function firstCompanyId(): Promise<number | undefined> {
  const { records } = await stores.list({
    conditions: [],
    sortBy: 'id',
    descending: false,
    page: 1,
    itemsPerPage: 1,
  });
  return records[0] ? records[0].company_id : undefined;
}

/** The company's default category, made if it has none (or its default category was deleted). */
async function defaultCategoryId(companyId: number): Promise<number> {
  const marker = (await readItem(defaultCategoryKey(companyId))) as DefaultCategoryMarker | undefined;
  const known = marker?.category_id ?? 0;
  if (known > 0 && (await categories.get(known))) return known;
  const values = withDefaults(categoriesEntity, {
    category: 'Products without category',
    description: 'Products created without a category are put here.',
    status: 'H',
    company_id: companyId,
    parent_id: 0,
  } as FieldValues);
  const prepared = await categoryHooks.create!(
    { ...values, is_default: 'Y', timestamp: Math.floor(Date.now() / 1000) },
    undefined as never,
  );
  const category = await categories.create(prepared as WriteValuesOf<typeof categoriesEntity>, {
    withId: withIdOf(categoryHooks),
  });
  const categoryId = category.category_id;
  await writeItem({ ...defaultCategoryKey(companyId), category_id: categoryId });
  return categoryId;
}

const noCategories = (value: unknown) =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/** A new product's values with the company and categories CS-Cart would give it. */
export async function productCreateDefaults(
  values: WriteValuesOf<typeof productsEntity>,
): Promise<WriteValuesOf<typeof productsEntity>> {
  let companyId = values.company_id ?? 0;
  if (companyId === 0) {
    companyId = (await firstCompanyId()) ?? 0;
    if (companyId === 0)
      throw invalidField(
        'company_id',
        'The company_id field is required: the store has no company yet (POST /stores first)',
      );
  }
  const out: WriteValuesOf<typeof productsEntity> = { ...values, company_id: companyId };
  if (noCategories(values.category_ids)) out.category_ids = [await defaultCategoryId(companyId)];
  return out;
}
