import { sraProductsEntity } from '../../lib/entities/sra-products.js';
import { sraProductsList } from '../../lib/operations/storefront/products.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraProductsEntity, 'sra_products.list', sraProductsList);
