import { ordersEntity } from '../../lib/entities/orders.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { orderHooks } from '../../lib/operations/orders/index.js';

export const handler = entityHandler(ordersEntity, 'update', orderHooks);
