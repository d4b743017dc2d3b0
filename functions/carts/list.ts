import { cartsEntity } from '../../lib/entities/carts.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { cartHooks } from '../../lib/operations/carts/index.js';

export const handler = entityHandler(cartsEntity, 'list', cartHooks);
