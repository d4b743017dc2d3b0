import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { categoryProducts } from '../../lib/operations/nested-objects.js';

/** DELETE /categories/:id/products/:id: the child's own delete, once the categories record exists and the object belongs to it. */
export const handler = childObjectHandler(categoryProducts, 'delete', 'categories.products.delete');
