import { productVariationsEntity, variationGroupsEntity } from '../../lib/entities/product-variations.js';
import { deleteOperation } from '../../lib/operations/crud.js';
import { instanceRepository } from '../../lib/operations/instance-repository.js';
import { inGroup } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** DELETE /product_variations_groups/:id/product_variations: the group's products (404 outside the group). */
export const handler = apiHandler(
  variationGroupsEntity,
  'product_variations_groups.product_variations.delete',
  inGroup((hooks) => deleteOperation(instanceRepository(productVariationsEntity), hooks)),
);
