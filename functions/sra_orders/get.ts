import { readStorefrontOrder } from '../../lib/operations/checkout/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_orders.get', readStorefrontOrder);
