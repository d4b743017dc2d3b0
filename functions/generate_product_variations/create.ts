import { generateVariationsEntity } from '../../lib/entities/product-variations.js';
import { generateOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /generate_product_variations (product_id in the body). */
export const handler = apiHandler(generateVariationsEntity, 'generate_product_variations.create', generateOperation);
