import { sraCartContentEntity } from '../../lib/entities/sra-cart-content.js';
import { changeStorefrontCart } from '../../lib/operations/carts/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraCartContentEntity, 'sra_cart_content.update', changeStorefrontCart);
