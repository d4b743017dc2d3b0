import { variationGroupsEntity } from '../entities/product-variations.js';
import { productsEntity } from '../entities/products.js';
import { invalidField, NotFoundError } from '../errors.js';
import { inBatches } from '../in-batches.js';
import { instanceRepository } from './instance-repository.js';

const products = /* @__PURE__ */ instanceRepository(productsEntity);
const variationGroups = /* @__PURE__ */ instanceRepository(variationGroupsEntity);

/** How many products lose their value of a deleted feature at once. */
const PARALLEL_PRODUCT_WRITES = 4;

/**
 * CS-Cart's `fn_delete_feature` deletes a feature's values with it (`product_features_values`). Here a value lives
 * on its product, so each product that has one is written without it — its own version-conditioned write, and so
 * its own `products.updated` event — a few at a time, before the feature itself goes. A product deleted meanwhile
 * has nothing left to remove.
 */
export async function removeFeatureValues(featureId: number): Promise<void> {
  await refuseWhileGroupsVaryBy(featureId);
  const productIds = await products.idsIn('feature_ids', featureId);
  await inBatches(productIds, PARALLEL_PRODUCT_WRITES, async (productId) => {
    try {
      await products.update(productId, (current) => {
        const features = { ...((current.product_features ?? {}) as Record<string, unknown>) };
        delete features[String(featureId)];
        const featureIds = ((current.feature_ids ?? []) as number[]).map(Number).filter((id) => id !== featureId);
        return { product_features: features, feature_ids: featureIds };
      });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  });
}

/**
 * A variation group names the features its products vary by; deleting one of them would leave the group's products
 * pointing at a variant of nothing (a shopper's app shows broken variations). So the delete is a 400 naming the groups
 * (one Query of the groups' `feature_ids` index), with nothing changed: delete those groups first.
 */
async function refuseWhileGroupsVaryBy(featureId: number): Promise<void> {
  const groupIds = await variationGroups.idsIn('feature_ids', featureId);
  if (groupIds.length === 0) return;
  const shown = groupIds.slice(0, 20).join(', ') + (groupIds.length > 20 ? ', …' : '');
  throw invalidField(
    'feature_id',
    `The feature is what the variation groups ${shown} vary by; delete those groups first`,
  );
}
