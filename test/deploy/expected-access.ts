/**
 * The least-privilege contract, written from the handlers' code paths and independently of
 * infra/function-table.cjs: the DynamoDB actions each function may take on the table and on its
 * index (gsi1), beyond what every function needs to authenticate — BatchGetItem of the login item,
 * the failed-login window and the caller's groups, and UpdateItem/PutItem/GetItem/DeleteItem confined
 * to THROTTLE# (failed logins), RATE# (per-user token buckets) and IDEMPOTENCY# (Idempotency-Keys) items. BatchGetItem is therefore left out here; every read of a page of records, of counts or of
 * features (lib/db/batch-get.ts) is covered by it.
 *
 * How the plain entities (lib/operations/crud.ts on lib/db/entity-store.ts and entity-list.ts) use
 * the table:
 * - list: Query of an index or sort partition (ids, COUNT), GetItem of the partition's count item;
 * - get: GetItem of the record;
 * - create: UpdateItem of the id counter (lib/db/counters.ts), then TransactWriteItems: Put of the
 *   record and its index/sort items, Update of the count items, ConditionCheck of each referenced
 *   record (only entities with `references`);
 * - update: GetItem, then TransactWriteItems: Put of the record, Delete/Put of changed index items,
 *   Update of counts, ConditionCheck of new references (only with `references`);
 * - delete: GetItem, then TransactWriteItems: Delete of the record and its index items, Update of
 *   counts, ConditionCheck of each dependant count (only entities with `dependents`). Never a Put.
 * Transactions need the item actions (PutItem, UpdateItem, DeleteItem, ConditionCheckItem).
 */

import { batchedOperations } from '../../lib/entities/methods.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { Operation, StoredEntityDefinition } from '../../lib/entities/types.js';

export interface Access {
  table: string[];
  index: string[];
}

const access = (table: string[], index: string[] = []): Access => ({
  table: [...table].sort(),
  index: [...index].sort(),
});

const LIST = access(['GetItem', 'Query']);
const GET = access(['GetItem']);

/**
 * The contract of a plain entity that declares nothing beyond its stack (no `deployment.functions`, no nested
 * paths): its functions follow the rules above, read from its definition's `references` and `dependents`, so a
 * new plain entity needs no line here. The entities listed below by hand are checked by their own lines.
 */
function plainEntityAccess(): Record<string, Access> {
  const expected: Record<string, Access> = {};
  for (const entity of Object.values(ENTITIES)) {
    if (!('storage' in entity) || entity.nested || !entity.deployment || entity.deployment.functions) continue;
    const { references = [], dependents = [] } = (entity as StoredEntityDefinition).storage;
    const checkReferences = references.length > 0 ? ['ConditionCheckItem'] : [];
    const checkDependents = dependents.length > 0 ? ['ConditionCheckItem'] : [];
    const byOperation: Record<Operation, Access> = {
      list: LIST,
      get: GET,
      create: access(['PutItem', 'UpdateItem', ...checkReferences]),
      update: access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem', ...checkReferences]),
      delete: access(['DeleteItem', 'GetItem', 'UpdateItem', ...checkDependents]),
    };
    for (const operation of entity.http.operations)
      expected[`${entity.name.replace(/_/g, '-')}-${operation}`] = byOperation[operation];
  }
  return expected;
}

export const EXPECTED_ACCESS: Record<string, Access> = {
  ...plainEntityAccess(),
  // functions/version: answers from the code.
  'version-get': access([]),

  // --- events (issue 20) ---
  // The pull feed (lib/events/event-store.ts readFeed): Queries of the event store's day partitions.
  'events-list': access(['Query']),
  // --- end events ---

  // Users (lib/db/users.ts): list Queries the type/status buckets and the gsi1 index, or GetItems the
  // login and profile of an e-mail; create takes an id (UpdateItem) and Puts profile and login, Updates the
  // bucket counts and ConditionChecks the company, in one transaction; update Queries the user's partition,
  // re-Puts the profile and its list copies (Deletes the words gone), moves the login item (Delete + Put),
  // Updates counts, ConditionChecks a new company; delete Queries the user's
  // items and deletes them (BatchWriteItem).
  'users-list': access(['GetItem', 'Query'], ['Query']),
  'users-get': GET,
  'users-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'users-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'users-delete': access(['BatchWriteItem', 'DeleteItem', 'Query', 'UpdateItem']),
  // Usergroups (lib/db/usergroups.ts): members are found through gsi1.
  'usergroups-list': access(['Query']),
  'usergroups-get': GET,
  'usergroups-create': access(['PutItem', 'UpdateItem']),
  'usergroups-update': access(['GetItem', 'UpdateItem'], ['Query']),
  'usergroups-delete': access(['BatchWriteItem', 'DeleteItem', 'GetItem'], ['Query']),
  // Memberships (lib/db/memberships.ts): user and group read by BatchGetItem; a status change Puts the
  // link, Updates the login's group list and ConditionChecks the group, in one transaction.
  'memberships-list': access(['Query']),
  'memberships-get': access([]),
  'memberships-update': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'memberships-delete': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),

  // Stores and vendors (lib/entities/companies.ts): no references, dependants (products, orders, categories,
  // features). A rename (lib/operations/companies.ts) Queries the company's product ids and updates each
  // product's company_name with entity-store's update (GetItem, Put, index Delete/Put, count Update); the
  // product's references are unchanged, so no ConditionCheck.
  'stores-list': LIST,
  'stores-get': GET,
  'stores-create': access(['PutItem', 'UpdateItem']),
  'stores-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'stores-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'UpdateItem']),
  'vendors-list': LIST,
  'vendors-get': GET,
  'vendors-create': access(['PutItem', 'UpdateItem']),
  'vendors-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'vendors-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'UpdateItem']),

  // Categories (lib/operations/categories.ts): references company and parent, dependants; create and
  // a move read the new parent (GetItem); a move Queries the subtree and rewrites each descendant;
  // product_count is a BatchGetItem of counts.
  'categories-list': LIST,
  // The record and its product_count come in one BatchGetItem (covered by the authentication grant).
  'categories-get': access([]),
  'categories-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'categories-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // A delete also deletes the category's discussion posts (lib/operations/discussions.ts deletePostsOf):
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
  // /products/:id/discussions (lib/operations/discussions.ts): GetItem of the product and of its thread;
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

  // Orders (lib/operations/orders.ts): no references or dependants. Create reads the user (GetItem),
  // the payment and shipping methods (GetItem) and the products (BatchGetItem), takes an id and Puts
  // the order with conditional stock Updates in one transaction. A status change Queries the order
  // statuses and gives back or takes stock (UpdateItem) in the order's transaction.
  'orders-list': LIST,
  'orders-get': GET,
  'orders-create': access(['GetItem', 'PutItem', 'UpdateItem']),
  'orders-update': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // A delete also deletes the order's shipments (Query of their index, each one's delete) and discussion posts.
  'orders-delete': access(['DeleteItem', 'GetItem', 'Query', 'UpdateItem']),
  // GET /orders/:id/shipments: GetItem of the order, then a shipments list.
  'orders-shipments-list': LIST,
  // Shipments (lib/operations/shipments.ts): reference the order and the shipping method, no dependants;
  // create reads both (GetItem).
  'shipments-list': LIST,
  'shipments-get': GET,
  'shipments-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'shipments-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'shipments-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Payments and shippings: references company, dependants (orders).
  'payments-list': LIST,
  'payments-get': GET,
  'payments-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'payments-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'payments-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'UpdateItem']),
  'shippings-list': LIST,
  'shippings-get': GET,
  'shippings-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'shippings-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'shippings-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'UpdateItem']),
  // Statuses (lib/operations/statuses.ts): no references or dependants. Create Queries the letters of
  // its type and Puts a letter marker in the transaction; delete counts the orders in the status
  // (GetItem) and afterwards deletes the marker (DeleteItem).
  'statuses-list': LIST,
  'statuses-get': GET,
  'statuses-create': access(['PutItem', 'Query', 'UpdateItem']),
  'statuses-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'statuses-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),

  // Auth (lib/operations/auth.ts): reads the user by e-mail (login item, then profile) and Puts the login
  // key's hashed item (conditional, never overwriting).
  'auth-create': access(['GetItem', 'PutItem']),
  // Sign-in (lib/operations/auth-tokens.ts): the login item and the failed-sign-in window (GetItem), a failure
  // (UpdateItem, or PutItem of a new window), the token's hashed item (PutItem).
  'auth-tokens-create': access(['GetItem', 'PutItem', 'UpdateItem']),
  // The storefront cart (lib/operations/storefront-cart.ts): the customer's carts record (GetItem), written with
  // its index items in one transaction (Put, or Delete of an emptied cart, Update of the counts); the products
  // and options are one BatchGetItem.
  'sra-cart-content-list': GET,
  'sra-cart-content-create': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'sra-cart-content-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'sra-cart-content-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  // Call requests: reference company, product and order; no dependants.
  'call-requests-list': LIST,
  'call-requests-get': GET,
  'call-requests-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'call-requests-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'call-requests-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Discussions (lib/operations/discussions.ts): no references or dependants in the definition; a create
  // reads the thread or the object (GetItem), may start a thread (counter UpdateItem, two PutItems) and
  // ConditionChecks the object in the post's transaction. Updates never touch the thread.
  'discussions-list': LIST,
  'discussions-get': GET,
  'discussions-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'discussions-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'discussions-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Blocks: reference the company; the list is a bare array of every block (same Query/GetItem reads).
  'blocks-list': LIST,
  'blocks-get': GET,
  'blocks-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'blocks-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'blocks-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),

  // Taxes: a plain entity with no references or dependants.
  // Settings (lib/operations/settings.ts): seeded, never created or deleted; a PUT reads the setting and
  // re-Puts it (only `value` changes, which no index item carries).
  'settings-list': LIST,
  'settings-get': GET,
  'settings-update': access(['GetItem', 'PutItem']),
  'taxes-list': LIST,
  'taxes-get': GET,
  'taxes-create': access(['PutItem', 'UpdateItem']),
  'taxes-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'taxes-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Pages (lib/operations/pages.ts on lib/operations/tree.ts): reference their parent and company, the
  // parent's subpages are dependants; create reads the parent (GetItem), a move Queries the subtree.
  'pages-list': LIST,
  'pages-get': GET,
  'pages-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'pages-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'pages-delete': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'UpdateItem']),
  // Languages (lib/operations/languages.ts): the lang_code marker is Put in the create's transaction and
  // swapped in an update's (ConditionCheck of the code); a create first clears stale langvars of its code,
  // a delete deletes the language's langvars (Query of their partition, BatchWriteItem).
  'languages-list': LIST,
  'languages-get': GET,
  'languages-create': access(['BatchWriteItem', 'PutItem', 'Query', 'UpdateItem']),
  'languages-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'languages-delete': access(['BatchWriteItem', 'DeleteItem', 'GetItem', 'Query', 'UpdateItem']),
  // Langvars (lib/db/langvars.ts): items per (lang_code, name), Put or Updated with a ConditionCheck of the
  // language's code marker; a delete by name reads the languages and deletes the name in each (BatchWriteItem).
  'langvars-list': LIST,
  'langvars-get': GET,
  'langvars-create': access(['ConditionCheckItem', 'PutItem']),
  'langvars-update': access(['ConditionCheckItem', 'UpdateItem']),
  'langvars-delete': access(['BatchWriteItem', 'GetItem', 'Query']),
  // /languages/:id/langvars: the language of the path is read first (GetItem), then as the langvars.
  'languages-langvars-list': LIST,
  'languages-langvars-get': GET,
  'languages-langvars-create': access(['ConditionCheckItem', 'GetItem', 'PutItem']),
  'languages-langvars-update': access(['ConditionCheckItem', 'GetItem', 'UpdateItem']),
  'languages-langvars-delete': access(['BatchWriteItem', 'GetItem', 'Query']),
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

  // --- webhooks (issue 20) ---
  // A plain entity with a company reference (ConditionCheck on create/update) and no dependants.
  'webhooks-list': LIST,
  'webhooks-get': GET,
  'webhooks-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'webhooks-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'webhooks-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Deliveries (lib/db/webhook-deliveries.ts): the webhook (GetItem) and a Query of its delivery partition; a
  // redelivery reschedules and claims the delivery (UpdateItem), records the outcome and the health item
  // (UpdateItem, GetItem), and may disable the webhook (its record's transaction: Put, index Delete/Put, counts).
  'webhooks-deliveries-list': access(['GetItem', 'Query']),
  'webhooks-deliveries-create': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
};

/**
 * Functions run on a schedule rather than a route (infra/function-table.cjs SCHEDULED). The webhook retry
 * runner (lib/webhooks/retry-runner.ts): the due deliveries are a Query of gsi1, each attempt the delivery's
 * claim and outcome (UpdateItem) and the webhook (GetItem), a failing endpoint's disabling the webhook
 * record's transaction (Put, index Delete/Put, count Update); the health item is read (GetItem) and updated.
 */
export const EXPECTED_SCHEDULED: Record<string, Access & { domain: string; schedule: string }> = {
  'webhooks-retry': {
    ...access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'], ['Query']),
    domain: 'webhooks',
    schedule: 'rate(1 minute)',
  },
};

/**
 * Functions triggered by a queue (infra/function-table.cjs QUEUE_FUNCTIONS): the webhook delivery worker takes
 * due attempts from WebhookDeliveryQueue: the delivery's claim and outcome (UpdateItem), the webhook and the
 * health item (GetItem), a failing endpoint's disabling (the webhook record's transaction: Put, Delete, Query).
 */
export const EXPECTED_QUEUE_WORKERS: Record<string, Access & { domain: string; queue: string }> = {
  'webhooks-deliver': {
    ...access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
    domain: 'events',
    queue: 'WebhookDeliveryQueue',
  },
};

/** Functions that queue webhook deliveries, and so are told the queue's URL (WEBHOOK_QUEUE_URL). */
export const QUEUE_SENDERS = ['events-consumer', 'webhooks-retry'];

/**
 * Functions that are not API operations, all in the core stack, with the methods and paths they serve.
 * The panel (lib/panel, lib/db/panel-sessions.ts): sessions are Put, read (GetItem) and Deleted; the
 * administrators list is lib/db/users.ts listUsers (Query of the table and of gsi1, GetItem); the API
 * key switch is a conditional PutItem of the login item (lib/db/login-credentials.ts). The public
 * documentation reads nothing. Each takes ANY on its paths and answers other methods itself.
 */
export const EXPECTED_OTHER: Record<string, Access & { routes: string[] }> = {
  panel: {
    ...access(['DeleteItem', 'GetItem', 'PutItem', 'Query'], ['Query']),
    routes: ['ANY admin', 'ANY admin/{proxy+}'],
  },
  'docs-openapi': { ...access([]), routes: ['ANY api/openapi.json', 'ANY api/2.0/openapi.json'] },
  'docs-page': { ...access([]), routes: ['ANY api/docs', 'ANY api/docs/{asset}'] },
};

/** The actions that change data (TransactWriteItems needs PutItem/UpdateItem/DeleteItem for its items). */
export const WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/** The union of the given functions' expected access: what a dispatcher calling them in-process needs. */
export function unionOf(names: string[]): Access {
  const pick = (key: keyof Access) => [...new Set(names.flatMap((name) => EXPECTED_ACCESS[name]?.[key] ?? []))].sort();
  return { table: pick('table'), index: pick('index') };
}

/**
 * A batch function (`POST /<entity>/batch`, functions/<entity>/batch.ts, lib/operations/batch.ts) runs its entity's
 * own create, update and delete handlers in-process, so it needs exactly their access together; products' upsert
 * adds the Query of its code lookup (lib/db/product-code-lookup.ts), which products-delete's Query covers.
 */
for (const entity of Object.values(ENTITIES)) {
  const operations = batchedOperations(entity);
  if (operations.length === 0) continue;
  const name = entity.name.replace(/_/g, '-');
  // The variation groups' functions are named `variation-groups-*` (lib/entities/product-variations.ts).
  const prefix = entity.name === 'product_variations_groups' ? 'variation-groups' : name;
  const parts = operations.map((operation) => `${prefix}-${operation}`);
  const missing = parts.filter((part) => !EXPECTED_ACCESS[part]);
  if (missing.length > 0) throw new Error(`${name}-batch: no expected access for ${missing.join(', ')}`);
  const union = unionOf(parts);
  EXPECTED_ACCESS[`${name}-batch`] =
    name === 'products' ? access([...new Set([...union.table, 'Query'])], union.index) : union;
}
