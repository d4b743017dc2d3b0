import { productVariationsEntity } from '../../lib/entities/product-variations.js';
import { generateOperation } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /product_variations/:id/generate_product_variations (the product of the path). */
export const handler = apiHandler(
  productVariationsEntity,
  'product_variations.generate_product_variations.create',
  generateOperation,
);
