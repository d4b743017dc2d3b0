import { apiHandler } from '../../lib/http/api-handler.js';
import { deleteCart } from '../../lib/operations/carts.js';

export const handler = apiHandler('carts.delete', deleteCart);
