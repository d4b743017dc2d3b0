import { webhooksEntity } from '../entities/webhooks.js';
import { createWebhookOperation, updateWebhookOperation } from '../operations/webhooks.js';
import { apiHandler, type LambdaHandler } from '../stack/api-handler.js';

/** POST /webhooks and PUT /webhooks/:id: their answers carry the signing secret when one was made (shown once). */
export const createWebhookHandler = (): LambdaHandler =>
  apiHandler(webhooksEntity, 'webhooks.create', createWebhookOperation());
export const updateWebhookHandler = (): LambdaHandler =>
  apiHandler(webhooksEntity, 'webhooks.update', updateWebhookOperation());
