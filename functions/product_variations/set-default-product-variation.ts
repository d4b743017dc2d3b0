import { setDefaultOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /product_variations/:id/set_default_product_variation (the product of the path). */
export const handler = apiHandler('product_variations.set_default_product_variation.create', setDefaultOperation);
