import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { productFeatures } from '../../lib/operations/nested-objects.js';

/** GET /products/:id/features/:id: the child's own get, once the products record exists and the object belongs to it. */
export const handler = childObjectHandler(productFeatures, 'get', 'products.features.get');
