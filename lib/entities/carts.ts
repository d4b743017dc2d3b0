import { fixed, raw } from './field-builders.js';
import type { EntityDefinition } from './types.js';

/**
 * Carts (the recording's `carts`; the id is the user's `user_id`). GET and DELETE only: POST and PUT
 * are 405 (the router answers from `operations`). A cart exists only once something created it (SPEC §10
 * Carts); this API has no storefront, so nothing does: `GET`/`DELETE /carts/:user_id` are 404 for every user
 * and the collection is empty (lib/operations/carts.ts). The fields describe a cart in the recording's types,
 * for the OpenAPI document and for the day carts are filled.
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
  // Views of users (lib/operations/carts.ts): GET reads the user and its company, DELETE the user.
  deployment: { domain: 'accounts', functions: { list: { access: [] }, get: { access: ['GetItem', 'BatchGetItem'] }, delete: { access: ['GetItem'] } } },
};
