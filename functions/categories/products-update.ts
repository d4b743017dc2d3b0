import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { categoryProducts } from '../../lib/operations/nested-objects.js';

/** PUT /categories/:id/products/:id: the child's own update, once the categories record exists and the object belongs to it. */
export const handler = childObjectHandler(categoryProducts, 'update', 'categories.products.update');
