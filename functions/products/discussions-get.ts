import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { productDiscussions } from '../../lib/operations/nested-objects.js';

/** GET /products/:id/discussions/:id: the child's own get, once the products record exists and the object belongs to it. */
export const handler = childObjectHandler(productDiscussions, 'get', 'products.discussions.get');
