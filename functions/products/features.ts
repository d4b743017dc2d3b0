import { productsEntity } from '../../lib/entities/products.js';
import { listProductFeatures } from '../../lib/operations/product-features.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /products/:id/features: the product's features with its values. */
export const handler = apiHandler(productsEntity, 'products.features.list', listProductFeatures);
