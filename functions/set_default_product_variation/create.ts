import { setDefaultVariationEntity } from '../../lib/entities/product-variations.js';
import { setDefaultOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /set_default_product_variation (product_id in the body). */
export const handler = apiHandler(
  setDefaultVariationEntity,
  'set_default_product_variation.create',
  setDefaultOperation,
);
