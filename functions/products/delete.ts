import { productsEntity } from '../../lib/entities/products.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { productHooks } from '../../lib/operations/products.js';

export const handler = entityHandler(productsEntity, 'delete', productHooks);
