import { webhooksEntity } from '../../lib/entities/webhooks.js';
import { listWebhookDeliveries } from '../../lib/operations/webhooks.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /webhooks/:id/deliveries: the webhook's deliveries and their attempts, newest first. */
export const handler = apiHandler(webhooksEntity, 'webhooks.deliveries.list', listWebhookDeliveries);
