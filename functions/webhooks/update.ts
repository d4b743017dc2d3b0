import { updateWebhookHandler } from '../../lib/handlers/webhook-handlers.js';

/** PUT /webhooks/:id: answers the id, and the new signing secret when `rotate_secret` is Y (shown only here). */
export const handler = updateWebhookHandler();
