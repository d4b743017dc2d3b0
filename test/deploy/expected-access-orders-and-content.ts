/**
 * The least-privilege contract (test/deploy/expected-access.ts) of the functions written by hand beyond the catalog:
 * orders, shipments, payments, shippings, statuses, auth, the storefront cart, call requests, discussions, blocks,
 * settings, taxes, pages, languages, langvars, and webhooks with their deliveries.
 */
import { type Access, access, GET, LIST } from './expected-access-base.js';

export const ORDERS_AND_CONTENT_ACCESS: Record<string, Access> = {
  // Orders (lib/operations/orders/): no references or dependants. Create reads the user (GetItem),
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
  // The same sign-in at the storefront add-on's path (/api/4.0/sra_auth_tokens).
  'sra-auth-tokens-create': access(['GetItem', 'PutItem', 'UpdateItem']),
  // The storefront cart (lib/operations/carts/storefront.ts): the customer's carts record (GetItem), written with
  // its index items in one transaction (Put, or Delete of an emptied cart, Update of the counts); the products
  // and options are one BatchGetItem.
  // …and with calculate_shipping=A the stores' shippings (Query).
  'sra-cart-content-list': access(['GetItem', 'Query']),
  'sra-cart-content-create': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'sra-cart-content-update': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'sra-cart-content-delete': access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  // Call requests: reference company, product and order; no dependants.
  'call-requests-list': LIST,
  'call-requests-get': GET,
  'call-requests-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'call-requests-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem']),
  'call-requests-delete': access(['DeleteItem', 'GetItem', 'UpdateItem']),
  // Discussions (lib/operations/discussions/): no references or dependants in the definition; a create
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
  // Pages (lib/operations/pages.ts on lib/operations/tree/): reference their parent and company, the
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
};

export const WEBHOOKS_ACCESS: Record<string, Access> = {
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
