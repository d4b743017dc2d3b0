import { sraOrderStatusesEntity } from '../../lib/entities/sra-order-statuses.js';
import { readOrderStatuses } from '../../lib/operations/storefront-info/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraOrderStatusesEntity, 'sra_order_statuses.list', readOrderStatuses);
