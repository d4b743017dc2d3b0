import { productVariationsEntity, variationGroupsEntity } from '../../lib/entities/product-variations.js';
import { createOperation } from '../../lib/operations/crud.js';
import { instanceRepository } from '../../lib/operations/instance-repository.js';
import { inGroup } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** CREATE /product_variations_groups/:id/product_variations: the group's products (404 outside the group). */
export const handler = apiHandler(
  variationGroupsEntity,
  'product_variations_groups.product_variations.create',
  inGroup((hooks) => createOperation(instanceRepository(productVariationsEntity), hooks)),
);
