import { apiHandler } from '../../lib/http/api-handler.js';
import { getCart } from '../../lib/operations/carts.js';

export const handler = apiHandler('carts.get', getCart);
