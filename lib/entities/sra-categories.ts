import { categoriesEntity } from './categories.js';
import { defineEntity } from './define.js';

/**
 * The category tree as a shopper sees it (CS-Cart's storefront add-on, `SraCategories`; SPEC §11), at
 * `/api/4.0/sra_categories[/:id]`: lists show active categories of active stores whose `usergroup_ids` let the
 * shopper in (`parent_id` for one level of the tree); one category may also be hidden (H: by link), and with
 * `get_subcategories=Y` it carries its visible children as `subcategories`. lib/operations/storefront/categories.ts.
 */
export const sraCategoriesEntity = defineEntity({
  name: 'sra_categories',
  schema: {
    idField: 'category_id',
    fields: categoriesEntity.schema.fields,
    filters: {
      ...categoriesEntity.schema.filters,
      get_subcategories: {
        kind: 'string',
        maxLength: 5,
        note: 'On one category: `Y` adds its visible children as `subcategories`.',
      },
    },
  },
  http: {
    operations: ['list', 'get'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: { shape: 'wrapped', key: 'categories', rowsOf: categoriesEntity },
  },
  docs: { sortKeys: ['id', ...Object.keys(categoriesEntity.storage.sortRules ?? {})] },
  // The shopper's hidden categories and closed stores (Query of their partitions), the page or the category.
  deployment: {
    domain: 'catalog',
    functions: { list: { access: ['Query', 'GetItem'] }, get: { access: ['Query', 'GetItem'] } },
  },
});
