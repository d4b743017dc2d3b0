import { apiHandler } from '../../lib/http/api-handler.js';
import { listCarts } from '../../lib/operations/carts.js';

export const handler = apiHandler('carts.list', listCarts);
