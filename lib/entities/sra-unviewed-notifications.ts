import type { EntityDefinition } from './types.js';

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
 * (`{"notifications": [...], "params": {"total_items"}}`, newest first; empty while nothing has notified them), and
 * `GET /sra_unviewed_notifications/mark_as_viewed?time=<YYYY-MM-DD HH:MM:SS>` marks all up to that time viewed (200;
 * any other id: 404). lib/operations/storefront-account/notifications.ts.
 */
export const sraUnviewedNotificationsEntity: EntityDefinition = {
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
  // The NOTIFICATIONS document: GetItem; mark_as_viewed then a conditional PutItem.
  deployment: {
    domain: 'accounts',
    functions: { list: { access: ['GetItem'] }, get: { access: ['GetItem', 'PutItem'] } },
  },
};
