import { categoriesEntity } from '../../lib/entities/categories.js';
import { sraProductsList } from '../../lib/operations/storefront/products.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /api/4.0/categories/:id/sra_products: the storefront's products of that category (as `cid`). */
export const handler = apiHandler(categoriesEntity, 'categories.sra_products.list', sraProductsList);
