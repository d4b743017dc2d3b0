import { apiHandler } from '../../lib/http/api-handler.js';
import { readStorefrontCart } from '../../lib/operations/storefront-cart.js';

export const handler = apiHandler('sra_cart_content.list', readStorefrontCart);
