/**
 * What the product test files (test/e2e/catalog-products-*.test.ts) share: the recorded field tables of a product
 * (cscart-entities.md "products"), short readers of the API, and the company each CRUD file creates for itself.
 */
import {
  createCategory,
  createFeature,
  createStore,
  type FieldTable,
  getOk,
  idsOf,
  type WireType,
} from '../support/catalog.js';
import { uid } from '../support/fixtures.js';

/** cscart-entities.md "products" field table (#3 list, #4 single), with the recorded number of decimals. */
export const PRODUCT_FIELDS: FieldTable = {
  min_items_in_box: ['—', 'int'],
  max_items_in_box: ['—', 'int'],
  box_length: ['—', 'int'],
  box_width: ['—', 'int'],
  box_height: ['—', 'int'],
  product_id: ['str(int)', 'int'],
  product_code: ['str', 'str'],
  product_type: ['str', 'str'],
  status: ['str', 'str'],
  company_id: ['str(int)', 'str(int)'],
  list_price: ['str(dec2)', 'str(dec2)'],
  amount: ['str(int)', 'str(int)'],
  weight: ['str(dec3)', 'str(dec3)'],
  length: ['str(int)', 'str(int)'],
  width: ['str(int)', 'str(int)'],
  height: ['str(int)', 'str(int)'],
  shipping_freight: ['str(dec2)', 'str(dec2)'],
  low_avail_limit: ['str(int)', 'str(int)'],
  timestamp: ['str(int)', 'str(int)'],
  updated_timestamp: ['str(int)', 'str(int)'],
  usergroup_ids: ['str(int)', 'str(int)'],
  is_edp: ['str', 'str'],
  edp_shipping: ['str', 'str'],
  unlimited_download: ['str', 'str'],
  tracking: ['str', 'str'],
  free_shipping: ['str', 'str'],
  zero_price_action: ['str', 'str'],
  is_pbp: ['str', 'str'],
  is_op: ['str', 'str'],
  is_oper: ['str', 'str'],
  is_returnable: ['str', 'str'],
  return_period: ['str(int)', 'str(int)'],
  avail_since: ['str(int)', 'str(int)'],
  out_of_stock_actions: ['str', 'str'],
  localization: ['str', 'str'],
  min_qty: ['str(int)', 'str(int)'],
  max_qty: ['str(int)', 'str(int)'],
  qty_step: ['str(int)', 'str(int)'],
  list_qty_count: ['str(int)', 'str(int)'],
  tax_ids: ['str(int)', 'array<str(int)>'],
  age_verification: ['str', 'str'],
  age_limit: ['str(int)', 'str(int)'],
  options_type: ['str', 'str'],
  exceptions_type: ['str', 'str'],
  details_layout: ['str', 'str'],
  shipping_params: ['str', 'str'],
  show_videos_before_images: ['str', 'str'],
  autoplay_videos: ['str', 'str'],
  facebook_obj_type: ['str', 'str'],
  parent_product_id: ['str(int)', 'str(int)'],
  buy_now_url: ['str', 'str'],
  units_in_product: ['str(dec3)', 'str(dec3)'],
  show_price_per_x_units: ['str(dec3)', 'str(dec3)'],
  lang_code: ['—', 'str'],
  product: ['str', 'str'],
  shortname: ['—', 'str'],
  short_description: ['—', 'str'],
  full_description: ['—', 'str'],
  meta_keywords: ['—', 'str'],
  meta_description: ['—', 'str'],
  search_words: ['—', 'str'],
  page_title: ['—', 'str'],
  age_warning_message: ['—', 'str'],
  promo_text: ['—', 'str'],
  unit_name: ['str', 'str'],
  price: ['str(dec2)', 'str(dec2)'],
  category_ids: ['array<int>', 'array<str(int)>'],
  popularity: ['—', 'str(int)'],
  company_name: ['—', 'str'],
  sales_amount: ['—', 'null'],
  point_price: ['—', 'null'],
  discussion_type: ['—', 'null'],
  average_rating: ['—', 'null'],
  product_reviews_count: ['—', 'null'],
  base_price: ['str(dec2)', 'str(dec2)'],
  main_category: ['int', 'int'],
  image_pairs: ['—', 'array(empty)'],
  main_pair: ['object', 'object'],
  prices: ['—', 'array<object>'],
  shared_product: ['—', 'str'],
  product_features: ['object{id}', 'object{id}'],
  options_type_raw: ['null', 'null'],
  exceptions_type_raw: ['null', 'null'],
  tracking_raw: ['null', 'null'],
  zero_price_action_raw: ['null', 'null'],
  min_qty_raw: ['null', 'null'],
  max_qty_raw: ['null', 'null'],
  qty_step_raw: ['null', 'null'],
  list_qty_count_raw: ['null', 'null'],
  details_layout_raw: ['str', 'str'],
  show_videos_before_images_raw: ['str', 'str'],
  autoplay_videos_raw: ['str', 'str'],
  detailed_params: ['—', 'object'],
  shared_between_companies: ['—', 'array<str(int)>'],
  have_required: ['—', 'str'],
  selected_options: ['array(empty)', 'array(empty)'],
  variation_features: ['array(empty)', 'array(empty)'],
  has_options: ['bool', 'bool'],
  product_options: ['array(empty)', 'array(empty)'],
  list_discount: ['int', 'int'],
  list_discount_prc: ['str(int)', 'str(int)'],
  discounts: ['object', 'object'],
  qty_content: ['array(empty)', 'array(empty)'],
};

/** `prices[]` of the single object (cscart-entities.md, products, "Nested shapes"). */
export const PRICE_ROW: Record<string, WireType> = {
  product_id: 'str(int)',
  lower_limit: 'str(int)',
  usergroup_id: 'str(int)',
  percentage_discount: 'str(dec)',
  price: 'str(dec)',
};

/** A `product_features` value (cscart-entities.md, products, "Nested shapes"). */
export const PRODUCT_FEATURE_VALUE: Record<string, WireType> = {
  feature_id: 'str(int)',
  value: 'str',
  value_int: 'null',
  variant_id: 'str(int)',
  feature_type: 'str',
  internal_name: 'str',
  description: 'str',
  prefix: 'str',
  suffix: 'str',
  variant: 'str',
  parent_id: 'str(int)',
  display_on_header: 'str',
  display_on_catalog: 'str',
  display_on_product: 'str',
  feature_code: 'str',
  purpose: 'str',
  features_hash: 'str',
  variants: 'object{id}',
};

export const product = (id: number) => getOk(`/api/products/${id}`);
export const listIds = async (query: string) => idsOf(await getOk(`/api/products?${query}`), 'products', 'product_id');
export const fieldsOf = (response: { json: { errors?: Array<{ field: string }> } }) =>
  response.json.errors?.map((e) => e.field);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ProductsCompany {
  company: number;
  companyName: string;
  cat1: number;
  cat2: number;
  feature: number;
  variant: string;
}

/** A company of its own with two categories and a select feature of two variants. */
export async function createProductsCompany(): Promise<ProductsCompany> {
  const companyName = `Products Co ${uid()}`;
  const company = await createStore({ company: companyName });
  const [cat1, cat2] = [await createCategory(company), await createCategory(company)];
  const feature = await createFeature(company, {
    feature_type: 'S',
    variants: [{ variant: 'Red' }, { variant: 'Blue' }],
  });
  const variant = Object.keys((await getOk(`/api/features/${feature}`)).variants)[0]!;
  return { company, companyName, cat1, cat2, feature, variant };
}
