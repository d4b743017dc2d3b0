import { createWebhookHandler } from '../../lib/handlers/webhook-handlers.js';

/** POST /webhooks: answers the new id and the signing secret, shown only here. */
export const handler = createWebhookHandler();
