import { sraProductsList } from '../../lib/operations/storefront/products.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_products.list', sraProductsList);
