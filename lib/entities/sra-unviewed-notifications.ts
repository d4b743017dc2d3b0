import { defineEntity } from './define.js';

const NOTIFICATION = {
  type: 'object',
  properties: {
    notification_id: { type: 'integer' },
    title: { type: 'string' },
    message: { type: 'string' },
    severity: { type: 'string' },
    section: { type: 'string' },
    tag: { type: 'string' },
    action_url: { type: 'string' },
    timestamp: { type: 'integer' },
  },
};

/**
 * The signed-in shopper's unviewed notifications (the mobile app's `sra_unviewed_notifications`): GET the list
 * (`{"notifications": [...], "params": {"total_items"}}`: empty, as nothing in this API notifies shoppers yet), and
 * `GET /sra_unviewed_notifications/mark_as_viewed?time=<YYYY-MM-DD HH:MM:SS>` (200; a bad time 400; any other id:
 * 404). lib/operations/storefront-account/notifications.ts.
 */
export const sraUnviewedNotificationsEntity = defineEntity({
  name: 'sra_unviewed_notifications',
  schema: {
    fields: { success: { kind: 'object', wire: 'raw', default: true } },
    filters: {
      time: { kind: 'string', maxLength: 64, note: 'mark_as_viewed: the time up to which notifications are viewed.' },
    },
  },
  http: {
    operations: ['list', 'get'],
    idKind: 'name',
    privileges: 'none',
    storefrontAccess: 'customer',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: {
          notifications: { type: 'array', items: NOTIFICATION },
          params: { type: 'object', properties: { total_items: { type: 'integer' } }, required: ['total_items'] },
        },
        required: ['notifications', 'params'],
      },
    },
  },
  // Answers from the code: no notifications are sent yet, so none are stored (lib/operations/storefront-account/).
  deployment: { domain: 'shoppers', functions: { list: { access: [] }, get: { access: [] } } },
});
