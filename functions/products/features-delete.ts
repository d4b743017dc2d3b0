import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { productFeatures } from '../../lib/operations/nested-objects.js';

/** DELETE /products/:id/features/:id: the child's own delete, once the products record exists and the object belongs to it. */
export const handler = childObjectHandler(productFeatures, 'delete', 'products.features.delete');
