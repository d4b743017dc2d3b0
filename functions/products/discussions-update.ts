import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { productDiscussions } from '../../lib/operations/nested-objects.js';

/** PUT /products/:id/discussions/:id: the child's own update, once the products record exists and the object belongs to it. */
export const handler = childObjectHandler(productDiscussions, 'update', 'products.discussions.update');
