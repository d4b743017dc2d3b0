import { productVariationsEntity } from '../../lib/entities/product-variations.js';
import { setDefaultOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /product_variations/:id/set_default_product_variation (the product of the path). */
export const handler = apiHandler(
  productVariationsEntity,
  'product_variations.set_default_product_variation.create',
  setDefaultOperation,
);
