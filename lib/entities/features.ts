import { defineEntity } from './define.js';
import { flag, text, WRITABLE } from './field-builders.js';

/** S text select, M multiple checkboxes, N number select, E brand; C checkbox, T text, O number, D date, G group. */
export const FEATURE_TYPES = ['S', 'M', 'N', 'E', 'C', 'T', 'O', 'D', 'G'] as const;
/** Types whose product values are variant ids (the others hold a value). */
export const VARIANT_FEATURE_TYPES: readonly string[] = ['S', 'M', 'N', 'E'];
export const FEATURE_STATUSES = ['A', 'D', 'H'] as const;

/**
 * Product features (the recording's `features`) with their variants, as far as products need them:
 * a product's `product_features` names features and, for the select types, one of their variants.
 * Variants are sent as a list (`[{"variant": "Red"}, …]`) and shown keyed by `variant_id`; on PUT the
 * list replaces the variants (a sent `variant_id` keeps its id, the ones left out go).
 */
export const featuresEntity = defineEntity({
  name: 'features',
  schema: {
    requiredOrder: ['feature_type', 'description', 'company_id'],
    fields: {
      feature_id: { kind: 'int' },
      feature_code: text('', 32),
      company_id: { kind: 'int', writableOn: WRITABLE, requiredOn: ['create'] },
      feature_type: { kind: 'enum', values: FEATURE_TYPES, writableOn: WRITABLE, requiredOn: ['create'] },
      parent_id: { kind: 'int', writableOn: WRITABLE, default: 0 },
      display_on_product: flag('Y'),
      display_on_catalog: flag('Y'),
      display_on_header: flag('N'),
      description: { kind: 'string', maxLength: 255, writableOn: WRITABLE, requiredOn: ['create'] },
      internal_name: text(''),
      lang_code: { kind: 'string', default: 'en' },
      prefix: text('', 128),
      suffix: text('', 128),
      categories_path: text('', 65_535),
      full_description: text('', 65_535),
      status: { kind: 'enum', values: FEATURE_STATUSES, writableOn: WRITABLE, default: 'A' },
      comparison: flag('N'),
      position: { kind: 'int', writableOn: WRITABLE, default: 0 },
      purpose: text('find_products', 32),
      feature_style: text('text', 32),
      filter_style: text('checkbox', 32),
      variants: { kind: 'object', writableOn: WRITABLE, default: {}, wire: 'raw', shownIn: 'single' },
      timestamp: { kind: 'int', shownIn: 'list' },
      updated_timestamp: { kind: 'int', shownIn: 'list' },
      group_position: { kind: 'object', wire: 'raw', default: null, shownIn: 'list' },
    },
    filters: {
      feature_types: { kind: 'enum', values: FEATURE_TYPES },
      status: { kind: 'enum', values: FEATURE_STATUSES },
      company_id: { kind: 'int' },
      feature_code: { kind: 'string', maxLength: 32 },
      purpose: { kind: 'string', maxLength: 32 },
      description: { kind: 'string', maxLength: 255 },
    },
  },
  http: {
    companyOwned: true,
    // CS-Cart's `variants` switch of fn_get_product_features (#261): the rows carry their variants.
    collection: { shape: 'wrapped', switchedFields: { variants: 'variants' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
  },
  storage: {
    indexes: ['feature_type', 'status', 'company_id'],
    projected: ['feature_type', 'status', 'company_id', 'description', 'feature_code', 'purpose'],
    filterRules: {
      feature_types: { field: 'feature_type', op: 'eq' },
      status: { field: 'status', op: 'eq' },
      company_id: { field: 'company_id', op: 'eq' },
      feature_code: { field: 'feature_code', op: 'eq' },
      purpose: { field: 'purpose', op: 'eq' },
      description: { field: 'description', op: 'contains' },
    },
    sortRules: {
      position: { field: 'position', numeric: true },
      name: { field: 'description', numeric: false },
      status: { field: 'status', numeric: false },
    },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
    ],
    dependents: [
      {
        storage: 'product',
        index: 'feature_ids',
        message: 'A product was given a value of this feature while it was being deleted; try again',
      },
    ],
  },
  // A delete first writes the products that have a value of the feature without it (Query of their ids, Put each).
  deployment: { domain: 'attributes', functions: { delete: { extra: ['Query', 'PutItem'] } } },
});
