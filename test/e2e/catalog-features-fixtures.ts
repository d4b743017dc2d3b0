/**
 * What the feature test files (test/e2e/catalog-features-*.test.ts) share: the recorded field tables of a feature,
 * its variants and a product's feature row (cscart-entities.md "features"), and short readers of the API.
 */
import { type FieldTable, getOk, type WireType } from '../support/catalog.js';

/** cscart-entities.md "features" field table (#247 list, #248 single). */
export const FEATURE_FIELDS: FieldTable = {
  feature_id: ['str(int)', 'str(int)'],
  feature_code: ['str', 'str'],
  company_id: ['str(int)', 'str(int)'],
  feature_type: ['str', 'str'],
  parent_id: ['str(int)', 'str(int)'],
  display_on_product: ['str', 'str'],
  display_on_catalog: ['str', 'str'],
  display_on_header: ['str', 'str'],
  description: ['str', 'str'],
  internal_name: ['str', 'str'],
  lang_code: ['str', 'str'],
  prefix: ['str', 'str'],
  suffix: ['str', 'str'],
  categories_path: ['str', 'str'],
  full_description: ['str', 'str'],
  status: ['str', 'str'],
  comparison: ['str', 'str'],
  position: ['str(int)', 'str(int)'],
  purpose: ['str', 'str'],
  feature_style: ['str', 'str'],
  filter_style: ['str', 'str'],
  variants: ['—', 'object{id}'],
  timestamp: ['str(int)', '—'],
  updated_timestamp: ['str(int)', '—'],
  group_position: ['null', '—'],
};

/** A `variants{}` item (cscart-entities.md "features"). */
export const VARIANT: Record<string, WireType> = {
  variant_id: 'str(int)',
  variant: 'str',
  description: 'str',
  page_title: 'str',
  meta_keywords: 'str',
  meta_description: 'str',
  lang_code: 'str',
  feature_id: 'str(int)',
  url: 'str',
  color: 'null',
  position: 'str(int)',
  image_pair: 'object',
};

/** The product-specific keys of a `/products/:id/features` row (cscart-entities.md, features, #13). */
export const PRODUCT_FEATURE_ROW: FieldTable = {
  ...FEATURE_FIELDS,
  value: ['str', 'str'],
  variant_id: ['str(int)', 'str(int)'],
  value_int: ['null', 'null'],
  variants: ['object{id}', 'object{id}'],
  use_variant_picker: ['bool', 'bool'],
};

export const feature = (id: number) => getOk(`/api/features/${id}`);
export const fieldsOf = (response: { json: { errors?: Array<{ field: string }> } }) =>
  response.json.errors?.map((e) => e.field);
export const variantIds = async (id: number) => Object.keys((await feature(id)).variants);
