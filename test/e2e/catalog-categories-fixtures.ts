/**
 * What the category test files (test/e2e/catalog-categories-*.test.ts) share: the recorded field table of a category
 * (cscart-entities.md "categories") and short readers of the API.
 */
import { type FieldTable, getOk, idsOf } from '../support/catalog.js';

/** cscart-entities.md "categories" field table (#19 list, #20 single). */
export const CATEGORY_FIELDS: FieldTable = {
  category_id: ['str(int)', 'str(int)'],
  parent_id: ['str(int)', 'str(int)'],
  id_path: ['str', 'str'],
  level: ['—', 'str(int)'],
  company_id: ['str(int)', 'str(int)'],
  storefront_id: ['str(int)', 'str(int)'],
  usergroup_ids: ['—', 'str(int)'],
  status: ['str', 'str'],
  product_count: ['str(int)', 'str(int)'],
  position: ['str(int)', 'str(int)'],
  timestamp: ['—', 'str(int)'],
  is_op: ['—', 'str'],
  localization: ['—', 'str'],
  age_verification: ['—', 'str'],
  age_limit: ['—', 'str(int)'],
  parent_age_verification: ['—', 'str'],
  parent_age_limit: ['—', 'str(int)'],
  selected_views: ['—', 'array(empty)'],
  default_view: ['—', 'str'],
  product_details_view: ['—', 'str'],
  product_columns: ['—', 'str(int)'],
  is_trash: ['—', 'str'],
  is_default: ['—', 'str'],
  lang_code: ['—', 'str'],
  category: ['str', 'str'],
  description: ['—', 'str'],
  meta_keywords: ['—', 'str'],
  meta_description: ['—', 'str'],
  page_title: ['—', 'str'],
  age_warning_message: ['—', 'str'],
  main_pair: ['—', 'array(empty)'],
};

export const category = (id: number) => getOk(`/api/categories/${id}`);
export const categoriesOf = async (companyId: number, query = '') =>
  idsOf(await getOk(`/api/categories?company_id=${companyId}&items_per_page=250${query}`), 'categories', 'category_id');
export const productCount = async (id: number) => (await category(id)).product_count;
