import { categoriesEntity } from '../../lib/entities/categories.js';
import { productsEntity } from '../../lib/entities/products.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { categoryProductsHooksOn } from '../../lib/operations/products.js';

/** GET /categories/:id/products: the category's products, with its subcategories' unless subcats=N. */
export const handler = entityHandler(productsEntity, 'list', categoryProductsHooksOn, {
  parent: categoriesEntity,
  routeKey: 'categories.products.list',
});
