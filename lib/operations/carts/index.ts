import type { EntityHooks } from '../crud.js';
import { instanceTable } from '../instance-table.js';
import { cartHooksFor } from './hooks.js';
import { cartStoreOn } from './store.js';
import {
  addToStorefrontCartOf,
  changeStorefrontCartOf,
  readStorefrontCartOf,
  removeFromStorefrontCartOf,
} from './storefront.js';

/**
 * Carts as the functions use them, over the DynamoDB store: the storefront's own cart (`/sra_cart_content`) and the
 * administrator's view of every cart (`/carts`). The pieces: store.ts (the storage the operations receive),
 * lines.ts (the lines and the bodies that change them), rules.ts (pure rules: availability, stock, prices),
 * storefront.ts (the storefront cart's operations), hooks.ts (the hooks of GET /carts).
 */
/** The cart store over this instance's table (lib/operations/instance-table.ts). */
export const cartStore = /* @__PURE__ */ cartStoreOn(instanceTable);
const store = cartStore;

export const readStorefrontCart = readStorefrontCartOf(store);
export const addToStorefrontCart = addToStorefrontCartOf(store);
export const changeStorefrontCart = changeStorefrontCartOf(store);
export const removeFromStorefrontCart = removeFromStorefrontCartOf(store);

/** The hooks of GET /carts and /carts/:user_id. */
export const cartHooks: EntityHooks = cartHooksFor(store);
