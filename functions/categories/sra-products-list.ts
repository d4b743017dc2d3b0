import { sraProductsList } from '../../lib/operations/storefront/products.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /api/4.0/categories/:id/sra_products: the storefront's products of that category (as `cid`). */
export const handler = apiHandler('categories.sra_products.list', sraProductsList);
