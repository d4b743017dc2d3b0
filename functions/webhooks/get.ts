import { webhooksEntity } from '../../lib/entities/webhooks.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { webhookHooks } from '../../lib/operations/webhooks.js';

export const handler = entityHandler(webhooksEntity, 'get', webhookHooks);
