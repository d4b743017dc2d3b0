import { type Access, access, LIST } from './expected-access-base.js';

/**
 * The storefront's catalogue and its small entities (lib/operations/storefront/, lib/operations/sra-*), written from
 * their code paths; BatchGetItem, which every function holds for authentication, is left out as everywhere.
 * - Products and categories (a shopper's lists and singles): the products' list Queries and count GetItems, the
 *   hidden categories' and closed stores' partitions (Query), a product's record (GetItem).
 * - Settings, currencies, languages, order statuses: read from what the store holds (Query of a list, GetItem of a
 *   store); currencies answer from the code.
 * - Pages and vendors: the administration's lists and records; reviews read their thread (GetItem, Query) and post
 *   with a new id (UpdateItem), the post (PutItem), the thread's count and the object's existence (ConditionCheck).
 * - A vendor's application: a new company id (UpdateItem) and its record (PutItem).
 */
export const STOREFRONT_CATALOGUE_ACCESS: Record<string, Access> = {
  'sra-products-list': LIST,
  'sra-products-get': LIST,
  'categories-sra-products-list': LIST,
  'sra-categories-list': LIST,
  'sra-categories-get': LIST,
  'sra-storefront-list': LIST,
  'sra-storefront-get': LIST,
  'sra-currencies-list': access([]),
  'sra-currencies-get': access([]),
  'sra-languages-list': access(['Query']),
  'sra-languages-get': access(['Query']),
  'sra-order-statuses-list': access(['Query']),
  'sra-pages-list': LIST,
  'sra-pages-get': access(['GetItem']),
  'sra-vendors-list': LIST,
  'sra-vendors-get': LIST,
  'vendor-registration-list': access([]),
  'vendor-registration-create': access(['PutItem', 'UpdateItem']),
  'sra-discussion-list': LIST,
  'sra-discussion-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  // Checkout (lib/operations/checkout/): placing is the orders' create (lib/operations/orders/place.ts) per store,
  // a cancel of the earlier ones when a later store's order is refused, then the cart's transaction; the customer's
  // orders are the orders' list and single, with the statuses (Query).
  'sra-orders-list': LIST,
  'sra-orders-get': LIST,
  'sra-orders-create': access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
};
