import { instanceTable } from '../instance-table.js';
import { listStorefrontOrdersOf, placeStorefrontOrderOf, readStorefrontOrderOf } from './orders.js';
import { checkoutStoreOn } from './store.js';

const store = /* @__PURE__ */ checkoutStoreOn(instanceTable);

/**
 * The storefront's checkout as the functions use it, over the DynamoDB store. The pieces: store.ts (the storage the
 * operations receive: the cart's and the orders' own stores, and the order records), groups.ts (pure: product
 * groups per store, the shipping choice and rates), quote.ts (pure: the cart's shipping quote, which
 * GET /sra_cart_content?calculate_shipping answers), orders.ts (`/sra_orders`: place, list, read).
 */
export const placeStorefrontOrder = placeStorefrontOrderOf(store);
export const listStorefrontOrders = listStorefrontOrdersOf(store);
export const readStorefrontOrder = readStorefrontOrderOf(store);
