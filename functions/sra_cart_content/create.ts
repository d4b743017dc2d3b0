import { addToStorefrontCart } from '../../lib/operations/carts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_cart_content.create', addToStorefrontCart);
