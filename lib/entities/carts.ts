import { defineEntity } from './define.js';
import { fixed, raw } from './field-builders.js';

/**
 * Carts (the recording's `carts`; the id is the customer's `user_id`). GET and DELETE only: POST and PUT are
 * 405. A cart is filled by the storefront (`sra_cart_content`, lib/operations/carts/storefront.ts) and exists
 * while it holds products: the storefront deletes the record when the last line goes, so `GET /carts` lists
 * exactly the carts that hold products (SPEC §10 Carts) and a user without one is a 404 (#212).
 *
 * One record per customer (`CART#<user_id>`), written by the storefront in a version-conditioned transaction
 * with its index items; it is an entity record, so carts make change events (`carts.created`, `carts.updated`,
 * `carts.deleted`). The record holds the lines (`lines`, never shown as such) and what CS-Cart keeps with a
 * cart: the date of the last change, the address it came from, the line count and total at that change.
 * `firstname`, `lastname`, `phone`, `user_data` and `products` are read with the cart (lib/operations/carts/hooks.ts).
 */
export const cartsEntity = defineEntity({
  name: 'carts',
  schema: {
    idField: 'user_id',
    fields: {
      user_id: { kind: 'int' },
      firstname: fixed('string', ''),
      lastname: fixed('string', ''),
      date: fixed('int', 0),
      ip_address: fixed('string', ''),
      extra: fixed('string', ''),
      storefront_id: fixed('int', 1),
      company_id: fixed('int', 0),
      cart_products: fixed('int', 0),
      total: { kind: 'decimal', places: 2, default: '0.00' },
      order_id: fixed('int', 0),
      user_data: raw({}),
      phone: fixed('string', ''),
      products: raw([], 'single'),
      lines: { kind: 'object', shownIn: 'none' },
      /** The checkout profile the storefront keeps with the cart (PUT /sra_cart_content {"user_data"}). */
      checkout_profile: { kind: 'object', shownIn: 'none' },
    },
    filters: {
      user_id: { kind: 'int' },
      company_id: { kind: 'int' },
      total_from: { kind: 'decimal', places: 2 },
      total_to: { kind: 'decimal', places: 2 },
      time_from: { kind: 'int' },
      time_to: { kind: 'int' },
    },
  },
  http: {
    operations: ['list', 'get', 'delete'],
    privileges: { read: ['view_users'], write: ['manage_users'] },
    collection: { shape: 'wrapped', key: 'carts' },
  },
  storage: {
    indexes: ['company_id'],
    projected: ['company_id', 'total', 'date'],
    filterRules: {
      user_id: { field: 'user_id', op: 'eq' },
      company_id: { field: 'company_id', op: 'eq' },
      total_from: { field: 'total', op: 'gte' },
      total_to: { field: 'total', op: 'lte' },
      time_from: { field: 'date', op: 'gte' },
      time_to: { field: 'date', op: 'lte' },
    },
    // CS-Cart sorts carts by `date` (its default, newest first with sort_order=desc), `customer` and `company_id`.
    sortRules: {
      date: { field: 'date', numeric: true },
      company_id: { field: 'company_id', numeric: true },
    },
  },
  // A plain entity's access; the cart's customers are read with the page (GetItem each) and the products of a
  // single cart in one BatchGetItem (which every function may do).
  deployment: { domain: 'accounts' },
});
