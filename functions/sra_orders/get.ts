import { sraOrdersEntity } from '../../lib/entities/sra-orders.js';
import { readStorefrontOrder } from '../../lib/operations/checkout/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraOrdersEntity, 'sra_orders.get', readStorefrontOrder);
