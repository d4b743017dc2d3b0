import { detachVariationEntity } from '../../lib/entities/product-variations.js';
import { detachOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /detach_product_variation (product_id in the body). */
export const handler = apiHandler(detachVariationEntity, 'detach_product_variation.create', detachOperation);
