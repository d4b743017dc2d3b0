import { defineEntity } from './define.js';
import { discussionTypeField, productDiscussions } from './discussions.js';
import { featuresEntity } from './features.js';
import { choice, decimal, fixed, flag, int, raw, text, WRITABLE } from './field-builders.js';

export const PRODUCT_STATUSES = ['A', 'D', 'H'] as const;
/** B: stock tracked; D: not tracked (orders never refuse for stock). O: tracked per option combination (as B here). */
export const TRACKING_MODES = ['B', 'O', 'D'] as const;

/** One image of a pair as the recording shows it (`main_pair.detailed`), empty: this API stores no images. */
const NO_IMAGE = {
  object_id: '0',
  object_type: 'detailed',
  type: 'M',
  image_path: '',
  alt: '',
  image_x: '0',
  image_y: '0',
  http_image_path: '',
  https_image_path: '',
  absolute_path: '',
  relative_path: '',
  is_high_res: false,
};
/**
 * `main_pair` with every recorded key (strict clients read `main_pair.detailed.image_path`), all neutral:
 * products have no images here (SPEC §10: features we lack keep the recording's keys with neutral values).
 */
export const NO_IMAGE_PAIR = {
  pair_id: '0',
  image_id: '0',
  detailed_id: '0',
  position: '0',
  object_id: '0',
  object_type: 'product',
  detailed: NO_IMAGE,
};

/**
 * Products (SPEC §10; the recording's `products`): every recorded field in its recorded JSON type —
 * the list row and the single object differ (product_id a string in lists and a number alone,
 * category_ids numbers in lists and strings alone, tax_ids a CSV in lists). Prices are decimal
 * strings with 2 places, never floats. `category_ids` / `main_category` and the categories'
 * `product_count` stay consistent because the count is the count item of the category_ids index.
 */
export const productsEntity = defineEntity({
  name: 'products',
  schema: {
    fields: {
      min_items_in_box: fixed('int', 0, 'single', 'number'),
      max_items_in_box: fixed('int', 0, 'single', 'number'),
      box_length: fixed('int', 0, 'single', 'number'),
      box_width: fixed('int', 0, 'single', 'number'),
      box_height: fixed('int', 0, 'single', 'number'),
      product_id: { kind: 'int', wire: { list: 'string', single: 'number' } },
      product_code: text('', 64),
      product_type: fixed('string', 'P'),
      status: choice(PRODUCT_STATUSES, 'A'),
      company_id: int(0),
      list_price: decimal(2),
      amount: int(0),
      weight: decimal(3),
      length: int(0),
      width: int(0),
      height: int(0),
      shipping_freight: decimal(2),
      low_avail_limit: int(0),
      timestamp: { kind: 'int' },
      updated_timestamp: { kind: 'int' },
      usergroup_ids: fixed('string', '0'),
      is_edp: flag('N'),
      edp_shipping: flag('N'),
      unlimited_download: flag('N'),
      tracking: choice(TRACKING_MODES, 'B'),
      free_shipping: flag('N'),
      zero_price_action: choice(['R', 'P', 'A'], 'R'),
      is_pbp: flag('Y'),
      is_op: flag('N'),
      is_oper: flag('N'),
      is_returnable: flag('Y'),
      return_period: int(10),
      avail_since: int(0),
      out_of_stock_actions: choice(['N', 'B', 'S'], 'N'),
      localization: fixed('string', ''),
      min_qty: int(0),
      max_qty: int(0),
      qty_step: int(0),
      list_qty_count: int(0),
      tax_ids: { kind: 'intList', writableOn: WRITABLE, default: [], wire: { list: 'csv', single: 'stringList' } },
      age_verification: flag('N'),
      age_limit: int(0),
      options_type: choice(['P', 'S'], 'P'),
      exceptions_type: choice(['F', 'A'], 'F'),
      details_layout: text('default', 64),
      shipping_params: fixed('string', ''),
      show_videos_before_images: flag('N'),
      autoplay_videos: flag('N'),
      facebook_obj_type: fixed('string', ''),
      parent_product_id: fixed('int', 0),
      buy_now_url: fixed('string', ''),
      units_in_product: decimal(3),
      show_price_per_x_units: { ...decimal(3), default: '1.000' },
      lang_code: fixed('string', 'en', 'single'),
      product: { kind: 'string', maxLength: 255, writableOn: WRITABLE, default: '' },
      shortname: text('', 255, 'single'),
      short_description: text('', 65_535, 'single'),
      full_description: text('', 65_535, 'single'),
      meta_keywords: text('', 255, 'single'),
      meta_description: text('', 255, 'single'),
      search_words: text('', 65_535, 'single'),
      page_title: text('', 255, 'single'),
      age_warning_message: text('', 255, 'single'),
      promo_text: text('', 65_535, 'single'),
      unit_name: text('', 32),
      price: { kind: 'decimal', places: 2, writableOn: WRITABLE, requiredOn: ['create'] },
      category_ids: {
        kind: 'intList',
        writableOn: WRITABLE,
        default: [],
        wire: { list: 'intList', single: 'stringList' },
      },
      popularity: fixed('int', 0, 'single'),
      /** A copy of the company's name, taken when the product is written (a GET stays one read). */
      company_name: fixed('string', '', 'single'),
      sales_amount: raw(null, 'single'),
      point_price: raw(null, 'single'),
      discussion_type: discussionTypeField(),
      average_rating: raw(null, 'single'),
      product_reviews_count: raw(null, 'single'),
      base_price: fixed('decimal', '0.00'),
      main_category: { kind: 'int', writableOn: WRITABLE, default: 0, wire: 'number' },
      image_pairs: raw([], 'single'),
      main_pair: raw(NO_IMAGE_PAIR),
      // Quantity and usergroup prices (lib/operations/product-prices.ts): the rows beyond the product's own price.
      prices: { kind: 'object', writableOn: WRITABLE, default: [], wire: 'raw', shownIn: 'single' },
      shared_product: fixed('flag', 'N', 'single'),
      product_features: { kind: 'object', writableOn: WRITABLE, default: {}, wire: 'raw' },
      options_type_raw: raw(null),
      exceptions_type_raw: raw(null),
      tracking_raw: raw(null),
      zero_price_action_raw: raw(null),
      min_qty_raw: raw(null),
      max_qty_raw: raw(null),
      qty_step_raw: raw(null),
      list_qty_count_raw: raw(null),
      details_layout_raw: fixed('string', 'default'),
      show_videos_before_images_raw: fixed('string', 'N'),
      autoplay_videos_raw: fixed('string', 'N'),
      detailed_params: raw({ info_type: 'D', is_preview: false }, 'single'),
      shared_between_companies: fixed('intList', [], 'single'),
      have_required: fixed('flag', 'N', 'single'),
      selected_options: raw([]),
      variation_features: raw([]),
      has_options: raw(false),
      product_options: raw([]),
      list_discount: raw(0),
      list_discount_prc: fixed('int', 0),
      discounts: raw({ A: 0, P: 0 }),
      qty_content: raw([]),
      /** Hidden: the features the product has values for, so a feature in use cannot be deleted. */
      feature_ids: { kind: 'intList', shownIn: 'none' },
      /** Hidden: the variants the product's features choose, so the storefront's `features_hash` judges them on the record. */
      feature_variants: { kind: 'intList', shownIn: 'none' },
      /** Hidden: every category on the paths of the product's categories, so `cid` with subcategories is one index partition. */
      category_tree: { kind: 'intList', shownIn: 'none' },
      /** Hidden: the variation group the product is in (lib/operations/product-variations/); absent outside one. */
      variation_group_id: { kind: 'int', shownIn: 'none' },
      /** Hidden: `Y` while the product is in a variation group, so /product_variations lists one index partition. */
      has_variation_group: { kind: 'string', shownIn: 'none' },
    },
    filters: {
      free_shipping: { kind: 'flag' },
      is_edp: { kind: 'flag' },
      company_id: { kind: 'int' },
      status: { kind: 'enum', values: PRODUCT_STATUSES },
      cid: { kind: 'int' },
      subcats: { kind: 'flag' },
      q: {
        kind: 'string',
        maxLength: 255,
        note: 'Words: each query word matches a word of the name or code that starts with it (case and accents ignored; not a substring inside a word, unlike CS-Cart). It reads the products matching its least common word (with `match=any`, those matching any of its words), judging the other words and filters on them: about as many items per query word as that word matches, and `total_items` is counted from them.',
      },
      pcode: {
        kind: 'string',
        maxLength: 64,
        note: 'Codes that start with the value (any case); an exact code is its own longest prefix. Reads only the matching codes.',
      },
      /** How `q`'s words combine: `all`, `any`, or `exact` (the phrase; also when absent, as in CS-Cart). */
      match: { kind: 'enum', values: ['all', 'any', 'exact'] },
      /** Products changed at or after this Unix timestamp (read from the `updated_timestamp` sort items). */
      updated_since: { kind: 'int' },
      /** CS-Cart 4.20's "changed in the last N hours". */
      updated_in_hours: { kind: 'int' },
      price_from: {
        kind: 'decimal',
        places: 2,
        note: 'Reads the products in the price range; other filters are judged on those.',
      },
      price_to: {
        kind: 'decimal',
        places: 2,
        note: 'Reads the products in the price range; other filters are judged on those.',
      },
      amount_from: {
        kind: 'int',
        note: 'Reads the products in the stock range (by stock buckets, judged exactly); other filters are judged on those.',
      },
      amount_to: {
        kind: 'int',
        note: 'Reads the products in the stock range (by stock buckets, judged exactly); other filters are judged on those.',
      },
      /** The recording's `pid`: product ids, comma-separated (`pid=12,13`) or as `pid[]=12&pid[]=13`. */
      pid: { kind: 'intList' },
    },
  },
  http: {
    // The recording's exception: a product's PUT answers the id as a number, not the URL segment.
    answers: { create: { product_id: 'integer' }, update: { product_id: 'integer' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
    vendorAccess: true,
    vendorScoped: true,
    companyOwned: true,
  },
  storage: {
    idBlock: 10, // one counter write per 10 creates (docs/data-model.md "Id blocks and count shards")
    shardedPartitions: true, // no index, sort or text partition takes every product write (docs/data-model.md "Partition shards")
    unshardedSince: { variation_group_id: 8 }, // at most 15 products: one Query, not 8 (lib/db/partition-shards.ts)
    omitConstants: true, // its empty main_pair, the *_raw nulls, …: a product's item under 1 KB (lib/db/stored-record.ts)
    indexes: [
      'status',
      'company_id',
      'free_shipping',
      'is_edp',
      'category_ids',
      'feature_ids',
      'category_tree',
      'variation_group_id',
      'has_variation_group',
      'active_category_ids',
      'active_category_tree',
    ],
    // The storefront's category page (sra_products?cid=N): the active products of a category (and of its subtree),
    // each a partition with its count, so a shopper's page is one keyset Query beside a count at any catalogue size
    // (lib/operations/storefront/shelf.ts). Sparse: a product is in them only while its status is A, so a status
    // change moves it in or out in its own transaction. Added by layout 9.
    derivedIndexes: {
      active_category_ids: (record) => (record.status === 'A' ? record.category_ids : undefined),
      active_category_tree: (record) => (record.status === 'A' ? record.category_tree : undefined),
    },
    indexSince: { active_category_ids: 9, active_category_tree: 9 },
    // `q` alone (with a vendor's company or a shopper's status A) reads its words' postings: an exact total_items for
    // about a byte per match (lib/db/posting-list.ts). Added by layout 9.
    // Its flags' Y too (none for a product without them): a vendor's or a shopper's `free_shipping=Y` / `is_edp=Y`
    // intersects postings instead of counting the flag's partition with the company or status judged on each item.
    postings: { since: 9, values: ['status', 'company_id'], flags: ['free_shipping', 'is_edp'] },
    // Not the price: it changes often, and every index item would be rewritten with it; a price range reads
    // the price sort partition instead. Not the name and code: no equality filters them (`q` and `pcode` read
    // the lower-cased and words copies every index item carries), and each index item read is smaller without.
    projected: ['status', 'company_id', 'free_shipping', 'is_edp', 'category_ids'],
    // A vendor's lists read its own copies of these (IDX#product@<company>#…, SORT#product@<company>#…, TXT#…).
    // Not the price and updated_timestamp sorts: a price or stock update rewrites those, and copies would
    // double that (a vendor sorted by them reads the store-wide items, judging the company on each).
    companyScoped: ['status', 'category_ids', 'category_tree', 'product', 'product_code', 'code', 'timestamp'],
    filterRules: {
      pid: { field: 'product_id', op: 'eq' },
      free_shipping: { field: 'free_shipping', op: 'eq' },
      is_edp: { field: 'is_edp', op: 'eq' },
      company_id: { field: 'company_id', op: 'eq' },
      status: { field: 'status', op: 'eq' },
      q: { field: 'product', op: 'words', fields: ['product', 'product_code'] },
      pcode: { field: 'product_code', op: 'prefix' },
      updated_since: { field: 'updated_timestamp', op: 'gte' },
      price_from: { field: 'price', op: 'gte' },
      price_to: { field: 'price', op: 'lte' },
      amount_from: { field: 'amount', op: 'gte' },
      amount_to: { field: 'amount', op: 'lte' },
    },
    sortRules: {
      product: { field: 'product', numeric: false },
      price: { field: 'price', numeric: true },
      code: { field: 'product_code', numeric: false },
      timestamp: { field: 'timestamp', numeric: true },
      updated_timestamp: { field: 'updated_timestamp', numeric: true },
      // Stock changes with every order: its sort items are keyed by the stock's bucket, so an order moves one only
      // when it crosses into another bucket (lib/db/sort-buckets.ts); concurrent orders inside a bucket do not
      // conflict. Added by layout 5: a table not yet migrated sorts by it in memory, as before.
      amount: { field: 'amount', numeric: true, bucketed: true },
    },
    sortSince: { amount: 5 },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
      {
        field: 'category_ids',
        storage: 'category',
        message: 'The category_ids field names a category that does not exist',
      },
    ],
  },
  nested: {
    // The product's discussion posts (lib/operations/discussions/).
    discussions: productDiscussions,
    // The features the product has values for (lib/operations/product-features.ts); GET, PUT and DELETE
    // of one of them as on /features/:id (lib/operations/nested-objects.ts). Vendors read them only: a
    // feature is the store's, not the vendor's.
    features: {
      ...featuresEntity,
      schema: {
        ...featuresEntity.schema,
        filters: undefined,
      },
      http: {
        ...featuresEntity.http,
        operations: ['list', 'get', 'update', 'delete'],
        privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
        vendorAccess: true,
        vendorReadOnly: true,
        collection: {
          shape: 'wrapped',
          key: 'features',
          rowsOf: featuresEntity,
          extraRowFields: {
            value: { kind: 'string' },
            variant_id: { kind: 'int' },
            value_int: { kind: 'object', wire: 'raw', default: null },
            variants: { kind: 'object', wire: 'raw', default: {} },
            use_variant_picker: { kind: 'object', wire: 'raw', default: false },
          },
        },
      },
      docs: {
        ...featuresEntity.docs,
        sortKeys: ['id'],
      },
    },
  },
  // Writes read the company's name (GetItem) and its features (BatchGetItem); `cid` lists read the subtree
  // (Query); a delete also deletes its discussion posts (Query).
  deployment: {
    domain: 'catalog',
    functions: {
      // The default company is the first store (Query of the company list), the default category made on first need.
      create: { extra: ['GetItem', 'Query'] },
      delete: { extra: ['Query', 'PutItem'] },
      'features.list': { handler: 'functions/products/features', access: ['GetItem'] },
    },
  },
});
