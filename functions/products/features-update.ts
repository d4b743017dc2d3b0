import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { productFeatures } from '../../lib/operations/nested-objects.js';

/** PUT /products/:id/features/:id: the child's own update, once the products record exists and the object belongs to it. */
export const handler = childObjectHandler(productFeatures, 'update', 'products.features.update');
