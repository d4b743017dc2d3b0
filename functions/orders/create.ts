import { apiHandler } from '../../lib/stack/api-handler.js';
import { createOrder } from '../../lib/operations/orders.js';

/** POST /orders: priced server-side, stock taken in the same transaction (lib/operations/orders.ts). */
export const handler = apiHandler('orders.create', createOrder);
