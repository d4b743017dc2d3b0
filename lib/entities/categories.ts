import { defineEntity } from './define.js';
import { discussionTypeField } from './discussions.js';
import { fixed, flag, text, WRITABLE } from './field-builders.js';
import { productsEntity } from './products.js';
import { sraProductsEntity } from './sra-products.js';
import type { StoredEntityDefinition } from './types.js';

/** The products entity without its own nested paths (not reachable below a category). */
function productsWithoutNested(): StoredEntityDefinition {
  const { nested: _nested, ...products } = productsEntity;
  return products;
}

export const CATEGORY_STATUSES = ['A', 'D', 'H'] as const;

/**
 * The category tree (SPEC §10; the recording's `categories`). `parent_id` 0 is the root;
 * `id_path` and `level` follow from the parent and are rewritten for the whole subtree when a
 * category moves. `path_ids` (hidden) lists the category and its ancestors: its index partition
 * for a category is that category's subtree, which `/categories/:id/products` with subcategories and
 * moves read. `product_count` is the count item of the products' `category_ids` index.
 */
export const categoriesEntity = defineEntity({
  name: 'categories',
  schema: {
    requiredOrder: ['category', 'company_id'],
    fields: {
      category_id: { kind: 'int' },
      parent_id: { kind: 'int', writableOn: WRITABLE, default: 0 },
      id_path: { kind: 'string' },
      level: { kind: 'int', shownIn: 'single' },
      company_id: { kind: 'int', writableOn: WRITABLE, requiredOn: ['create'] },
      storefront_id: { kind: 'int', default: 1 },
      // Who sees it on the storefront (0: everyone; 1 guests, 2 registered customers, or a customer group):
      // an id list or CS-Cart's comma-separated text on the way in, the text ("0", "1,4") on the way out.
      usergroup_ids: {
        kind: 'intList',
        minimum: 0,
        writableOn: WRITABLE,
        default: [0],
        wire: 'csv',
        shownIn: 'single',
      },
      discussion_type: discussionTypeField('none'),
      status: { kind: 'enum', values: CATEGORY_STATUSES, writableOn: WRITABLE, default: 'A' },
      product_count: { kind: 'int' },
      position: { kind: 'int', writableOn: WRITABLE, default: 0 },
      timestamp: { kind: 'int', shownIn: 'single' },
      is_op: flag('N', 'single'),
      localization: fixed('string', '', 'single'),
      age_verification: flag('N', 'single'),
      age_limit: { kind: 'int', writableOn: WRITABLE, default: 0, shownIn: 'single' },
      parent_age_verification: fixed('flag', 'N', 'single'),
      parent_age_limit: fixed('int', 0, 'single'),
      selected_views: { kind: 'object', wire: 'raw', default: [], shownIn: 'single' },
      default_view: fixed('string', '', 'single'),
      product_details_view: fixed('string', 'default', 'single'),
      product_columns: fixed('int', 0, 'single'),
      is_trash: fixed('flag', 'N', 'single'),
      is_default: fixed('flag', 'N', 'single'),
      lang_code: fixed('string', 'en', 'single'),
      category: { kind: 'string', maxLength: 255, writableOn: WRITABLE, requiredOn: ['create'] },
      description: text('', 65_535, 'single'),
      meta_keywords: text('', 255, 'single'),
      meta_description: text('', 255, 'single'),
      page_title: text('', 255, 'single'),
      age_warning_message: text('', 255, 'single'),
      main_pair: { kind: 'object', wire: 'raw', default: [], shownIn: 'single' },
      path_ids: { kind: 'intList', shownIn: 'none' },
    },
    filters: {
      parent_id: { kind: 'int' },
      status: { kind: 'enum', values: CATEGORY_STATUSES },
      company_id: { kind: 'int' },
      category: { kind: 'string', maxLength: 255 },
    },
  },
  http: {
    companyOwned: true,
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
    vendorAccess: true,
    vendorReadOnly: true,
  },
  storage: {
    indexes: ['parent_id', 'status', 'company_id', 'path_ids'],
    projected: ['parent_id', 'status', 'company_id', 'category'],
    filterRules: {
      parent_id: { field: 'parent_id', op: 'eq' },
      status: { field: 'status', op: 'eq' },
      company_id: { field: 'company_id', op: 'eq' },
      category: { field: 'category', op: 'contains' },
    },
    sortRules: {
      name: { field: 'category', numeric: false },
      position: { field: 'position', numeric: true },
      timestamp: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
    },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
      { field: 'parent_id', storage: 'category', message: 'The parent_id field names a category that does not exist' },
    ],
    dependents: [
      { storage: 'category', index: 'parent_id', message: 'The category has subcategories; delete or move them first' },
      {
        storage: 'product',
        index: 'category_ids',
        message: 'The category has products; delete them or take them out of it first',
      },
    ],
  },
  nested: {
    // The storefront's form of a category's products (CS-Cart's mobile app): `sra_products` with the category as
    // `cid` (lib/operations/storefront/products.ts).
    sra_products: { ...sraProductsEntity, http: { ...sraProductsEntity.http, operations: ['list'] } },
    // The category's products and its subcategories' (lib/operations/products.ts).
    // GET, PUT and DELETE of one of them as on /products/:id (lib/operations/nested-objects.ts).
    products: {
      ...productsWithoutNested(),
      schema: {
        ...productsEntity.schema,
        filters: productsEntity.schema.filters,
      },
      http: {
        ...productsEntity.http,
        operations: ['list', 'get', 'update', 'delete'],
        collection: { shape: 'wrapped', key: 'products', rowsOf: productsEntity },
      },
      docs: {
        ...productsEntity.docs,
        sortKeys: ['id', ...Object.keys(productsEntity.storage.sortRules ?? {})],
      },
    },
  },
  // A category and its product_count are read in one BatchGetItem (every function's base grant): no GetItem.
  // Create and move read the new parent (GetItem); a move rewrites the subtree (Query); a delete also deletes
  // its discussion posts (lib/operations/discussions/ deletePostsOf: Query of its posts).
  deployment: {
    domain: 'catalog',
    functions: {
      get: { access: [] },
      create: { extra: ['GetItem'] },
      update: { extra: ['Query'] },
      delete: { extra: ['Query'] },
      'products.list': { handler: 'functions/categories/products' },
      'sra_products.list': { access: ['Query', 'GetItem'] },
    },
  },
});
