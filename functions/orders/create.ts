import { ordersEntity } from '../../lib/entities/orders.js';
import { createOrder } from '../../lib/operations/orders/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /orders: priced server-side, stock taken in the same transaction (lib/operations/orders/). */
export const handler = apiHandler(ordersEntity, 'orders.create', createOrder);
