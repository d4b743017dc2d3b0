import { productsEntity } from '../../lib/entities/products.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { productHooksOn } from '../../lib/operations/products.js';

export const handler = entityHandler(productsEntity, 'create', productHooksOn);
