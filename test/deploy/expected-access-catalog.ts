/**
 * The least-privilege contract (test/deploy/expected-access.ts) of the catalog's functions written by hand: stores and
 * vendors, categories, products and their nested paths, features, options, exceptions, combinations, and the product
 * variations with their groups and actions.
 */
import { type Access, access, GET, LIST } from './expected-access-base.js';

export const CATALOG_ACCESS: Record<string, Access> = {
  // Stores and vendors (lib/entities/companies.ts): no references, dependants (products, orders, categories,
  // features), and deleting one deletes its vendor reviews (M: a Query of its thread). A rename (lib/operations/companies.ts) Queries the company's product ids and updates each
  // product's company_name with entity-store's update (GetItem, Put, index Delete/Put, count Update); the
  // product's references are unchanged, so no ConditionCheck.
  'stores-list': LIST,
  'stores-get': GET,
  'stores-create': access(['PutItem', 'UpdateItem']),
  'stores-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'stores-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'Query', 'UpdateItem']),
  'vendors-list': LIST,
  'vendors-get': GET,
  'vendors-create': access(['PutItem', 'UpdateItem']),
  'vendors-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'vendors-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'Query', 'UpdateItem']),

  // Categories (lib/operations/categories/): references company and parent, dependants; create and
  // a move read the new parent (GetItem); a move Queries the subtree and rewrites each descendant;
  // product_count is a BatchGetItem of counts.
  'categories-list': LIST,
  // The record and its product_count come in one BatchGetItem (covered by the authentication grant).
  'categories-get': access([]),
  'categories-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'categories-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // A delete also deletes the category's discussion posts (lib/operations/discussions/ deletePostsOf):
  // GetItem of the object's thread, Query of its posts, each post's delete, DeleteItem of the thread items.
  'categories-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'Query', 'UpdateItem']),
  // GET /categories/:id/products: GetItem of the category, Query of its subtree, then a product list.
  'categories-products-list': LIST,
  // Products (lib/operations/products.ts): references company and categories, no dependants; writes
  // read the company's name (GetItem) and the features (BatchGetItem); `cid` Queries the subtree.
  'products-list': LIST,
  'products-get': GET,
  // A create without company_id Queries the company list for the first store; without category_ids it reads the
  // company's default-category item (GetItem) and may make that category (its counter, record and index items).
  'products-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'products-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'products-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // GET /products/:id/features: GetItem of the product, BatchGetItem of its features.
  'products-features-list': GET,
  // A child object through its parent (lib/operations/nested-objects.ts): the parent's GetItem, then the
  // child's own operation (its function's access above and below).
  'categories-products-get': GET,
  'categories-products-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'categories-products-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'products-discussions-get': GET,
  'products-discussions-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'products-discussions-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  'products-features-get': GET,
  'products-features-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'products-features-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // /products/:id/discussions (lib/operations/discussions/): GetItem of the product and of its thread;
  // the list Queries the thread's posts; a POST is a discussions create (below) forced to the product.
  'products-discussions-list': LIST,
  'products-discussions-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem']),
  // Features (lib/operations/features.ts): references company, dependants (products); new variants
  // take ids from a counter (UpdateItem).
  'features-list': LIST,
  'features-get': GET,
  'features-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'features-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  // A delete first Queries the products that have a value of the feature and Puts each without it.
  'features-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // Options (lib/operations/options.ts): `?product_id=` GetItems the product and Queries its options;
  // writes ConditionCheck company and product; a delete, and an update of the variants, Queries the
  // product's exceptions and combinations and deletes those naming the option (GetItem, DeleteItem, UpdateItem).
  'options-list': LIST,
  'options-get': GET,
  'options-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'options-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'options-delete': access(['DeleteItem', 'GetItem', 'Query', 'UpdateItem']),
  // Exceptions (lib/operations/exceptions.ts): the product (GetItem) and its options (Query) judge a
  // combination; a repeated one is found by a Query of the combination_key index partition.
  'exceptions-list': LIST,
  'exceptions-get': GET,
  'exceptions-create': access(['GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'exceptions-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'exceptions-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Combinations (lib/operations/combinations.ts): written under the hash with a conditional Put (and
  // the counter raised past it: UpdateItem), after reading the product and its options.
  'combinations-list': LIST,
  'combinations-get': GET,
  'combinations-create': access(['GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'combinations-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'combinations-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
};

export const VARIATIONS_ACCESS: Record<string, Access> = {
  // Product variations (lib/operations/product-variations/): a product's own access, plus GetItem of the
  // group, Query of the group's members (variation_group_id partition) and a follow-up Put of the group
  // when its default product changes (also after a product's delete, above).
  'product-variations-list': LIST,
  'product-variations-get': GET,
  'product-variations-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'product-variations-update': access([
    'ConditionCheckItem',
    'DeleteItem',
    'GetItem',
    'PutItem',
    'Query',
    'UpdateItem',
  ]),
  'product-variations-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // The same under /product_variations_groups/:id/product_variations (GetItem of the group or its code marker first).
  'variation-groups-products-list': LIST,
  'variation-groups-products-get': GET,
  'variation-groups-products-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'variation-groups-products-update': access([
    'ConditionCheckItem',
    'DeleteItem',
    'GetItem',
    'PutItem',
    'Query',
    'UpdateItem',
  ]),
  'variation-groups-products-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // Groups: members are a Query; create takes an id (UpdateItem) and Puts marker, group and products with
  // their index items and counts in one transaction; update Puts the group and swaps the code marker
  // (Put + Delete); delete removes group and marker and re-Puts each product without its membership.
  'variation-groups-list': LIST,
  'variation-groups-get': access(['GetItem', 'Query']),
  'variation-groups-create': access(['PutItem', 'Query', 'UpdateItem']),
  'variation-groups-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query']),
  'variation-groups-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // Actions: generate creates products (counter UpdateItem, Put, counts, ConditionChecks of references) and
  // maybe a group; detach re-Puts the product (index items deleted) and maybe the group; set-default Puts the group.
  'variations-generate': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'product-variations-generate': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'variations-detach': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'product-variations-detach': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'variations-set-default': access(['GetItem', 'PutItem']),
  'product-variations-set-default': access(['GetItem', 'PutItem']),
};
