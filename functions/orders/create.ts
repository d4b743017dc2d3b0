import { createOrder } from '../../lib/operations/orders.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /orders: priced server-side, stock taken in the same transaction (lib/operations/orders.ts). */
export const handler = apiHandler('orders.create', createOrder);
