import { ordersEntity } from '../../lib/entities/orders.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { orderHooks } from '../../lib/operations/orders/index.js';

export const handler = entityHandler(ordersEntity, 'get', orderHooks);
