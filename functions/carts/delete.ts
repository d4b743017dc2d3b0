import { cartsEntity } from '../../lib/entities/carts.js';
import { cartHooks } from '../../lib/operations/carts/index.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(cartsEntity, 'delete', cartHooks);
