import { readUnviewedNotifications } from '../../lib/operations/storefront-account/notifications.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_unviewed_notifications.list', readUnviewedNotifications);
