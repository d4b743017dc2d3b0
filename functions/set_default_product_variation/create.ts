import { setDefaultOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /set_default_product_variation (product_id in the body). */
export const handler = apiHandler('set_default_product_variation.create', setDefaultOperation);
