import { sraNotificationsEntity } from '../../lib/entities/sra-notifications.js';
import { unsubscribeDevice } from '../../lib/operations/storefront-account/notifications.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraNotificationsEntity, 'sra_notifications.delete', unsubscribeDevice);
