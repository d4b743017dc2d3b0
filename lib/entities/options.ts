import { defineEntity } from './define.js';
import { choice, fixed, flag, id, int, text, WRITABLE } from './field-builders.js';

/** S select, R radio, C checkbox, I input, T text area, F file. */
export const OPTION_TYPES = ['S', 'R', 'C', 'I', 'T', 'F'] as const;
/** Types whose values are variants (the only ones `variants` may be sent for). */
export const SELECTABLE_OPTION_TYPES: readonly string[] = ['S', 'R', 'C'];

/**
 * Product options (the recording's `options`). `product_id` 0 is a global option; another names the
 * product it belongs to. Variants are stored inside the option, sent as a list and shown keyed by
 * variant_id (lib/operations/options.ts). `GET /options` lists the global options (wrapped, with
 * params); `GET /options?product_id=N` answers the product's options as a bare object keyed by
 * option_id (lib/operations/options.ts), each with `cur_product_id` and without `lang_code`.
 */
export const optionsEntity = defineEntity({
  name: 'options',
  schema: {
    fields: {
      option_id: id(),
      product_id: { kind: 'int', writableOn: ['create'], default: 0 },
      company_id: int(0),
      option_type: choice(OPTION_TYPES, 'S'),
      regexp: text('', 255),
      required: flag('N'),
      multiupload: flag('N'),
      allowed_extensions: text('', 255),
      max_file_size: int(0),
      missing_variants_handling: choice(['M', 'H'], 'M'),
      status: choice(['A', 'D', 'H'], 'A'),
      position: int(0),
      value: text('', 255),
      lang_code: fixed('string', 'en'),
      option_name: text('', 255),
      internal_option_name: text('', 255),
      option_text: text('', 255),
      description: text('', 65_535),
      comment: text('', 255),
      inner_hint: text('', 255),
      incorrect_message: text('', 255),
      variants: { kind: 'object', writableOn: WRITABLE, default: {}, wire: 'raw', shownIn: 'single' },
    },
    filters: {
      product_id: { kind: 'int' },
      q: { kind: 'string', maxLength: 255 },
      option_id: { kind: 'int' },
      company_ids: { kind: 'int' },
      status: { kind: 'enum', values: ['A', 'D', 'H'] },
    },
  },
  http: {
    companyOwned: true,
    collectionKey: 'product_options',
    collection: {
      shape: 'wrapped',
      byParameter: {
        parameter: 'product_id',
        shape: 'keyed',
        view: 'single',
        extraRowFields: { cur_product_id: { kind: 'int' } },
        omitFields: ['lang_code'],
      },
    },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
  },
  storage: {
    indexes: ['product_id', 'company_id'],
    projected: ['product_id', 'company_id', 'option_name', 'internal_option_name', 'status', 'option_type'],
    filterRules: {
      q: { field: 'option_name', op: 'contains' },
      option_id: { field: 'option_id', op: 'eq' },
      company_ids: { field: 'company_id', op: 'eq' },
      status: { field: 'status', op: 'eq' },
    },
    sortRules: {
      option_name: { field: 'option_name', numeric: false },
      internal_option_name: { field: 'internal_option_name', numeric: false },
      position: { field: 'position', numeric: true },
      status: { field: 'status', numeric: false },
    },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
      { field: 'product_id', storage: 'product', message: 'The product_id field names a product that does not exist' },
    ],
  },
  // A delete (and an update of variants) Queries the product's exceptions and combinations and deletes those
  // that name the option; a list by product reads the product (GetItem) and its options (Query).
  deployment: {
    domain: 'attributes',
    functions: { list: { extra: ['GetItem', 'Query'] }, update: { extra: ['Query'] }, delete: { extra: ['Query'] } },
  },
});
