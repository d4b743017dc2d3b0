import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { productDiscussions } from '../../lib/operations/nested-objects.js';

/** DELETE /products/:id/discussions/:id: the child's own delete, once the products record exists and the object belongs to it. */
export const handler = childObjectHandler(productDiscussions, 'delete', 'products.discussions.delete');
