import { sraUnviewedNotificationsEntity } from '../../lib/entities/sra-unviewed-notifications.js';
import { readUnviewedNotifications } from '../../lib/operations/storefront-account/notifications.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(
  sraUnviewedNotificationsEntity,
  'sra_unviewed_notifications.list',
  readUnviewedNotifications,
);
