import { apiHandler } from '../../lib/http/api-handler.js';
import { changeStorefrontCart } from '../../lib/operations/storefront-cart.js';

export const handler = apiHandler('sra_cart_content.update', changeStorefrontCart);
