import { webhooksEntity } from '../../lib/entities/webhooks.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { webhookHooks } from '../../lib/operations/webhooks.js';

export const handler = entityHandler(webhooksEntity, 'update', webhookHooks);
