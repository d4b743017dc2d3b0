import { webhooksEntity } from '../../lib/entities/webhooks.js';
import { redeliver } from '../../lib/operations/webhooks.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** POST /webhooks/:id/deliveries {"event_id"}: sends a finished delivery again. */
export const handler = apiHandler(webhooksEntity, 'webhooks.deliveries.create', redeliver);
