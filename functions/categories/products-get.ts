import { childObjectHandler } from '../../lib/handlers/entity-handler.js';
import { categoryProducts } from '../../lib/operations/nested-objects.js';

/** GET /categories/:id/products/:id: the child's own get, once the categories record exists and the object belongs to it. */
export const handler = childObjectHandler(categoryProducts, 'get', 'categories.products.get');
