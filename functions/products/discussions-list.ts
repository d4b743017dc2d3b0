import { discussionsEntity } from '../../lib/entities/discussions.js';
import { productsEntity } from '../../lib/entities/products.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { productDiscussionHooks } from '../../lib/operations/discussions/index.js';

/** GET /products/:id/discussions: the product's posts (POST: object_type P and object_id the product, whatever the body says). */
export const handler = entityHandler(discussionsEntity, 'list', productDiscussionHooks, {
  parent: productsEntity,
  routeKey: 'products.discussions.list',
});
