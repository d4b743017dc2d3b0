import { createWebhookHandler } from '../../lib/operations/webhooks.js';

/** POST /webhooks: answers the new id and the signing secret, shown only here. */
export const handler = createWebhookHandler();
