import { fixed, raw } from './field-builders.js';
import type { EntityDefinition } from './types.js';

/**
 * Carts (the recording's `carts`; the id is the user's `user_id`). GET and DELETE only: POST and PUT
 * are 405 (the router answers from `operations`). This API has no storefront, so nothing ever puts a
 * product into a cart: every existing user's cart is empty and reads as the recording's shape with
 * nothing in it (`cart_products` "0", `total` "0.00", `products` []); the collection, like CS-Cart's,
 * lists only carts that hold products, so it is always empty; DELETE of an existing user's cart empties
 * it (there is nothing to remove) → 204; an unknown user → 404 (lib/operations/carts.ts).
 */
export const cartsEntity: EntityDefinition = {
  name: 'carts',
  idField: 'user_id',
  operations: ['list', 'get', 'delete'],
  privileges: { read: ['view_users'], write: ['manage_users'] },
  sortKeys: ['id'],
  collection: { shape: 'wrapped', key: 'carts' },
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
  },
};
