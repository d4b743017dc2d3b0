import { defineEntity } from './define.js';
import type { FieldSpec } from './types.js';

const required = (maxLength: number, note: string) =>
  ({
    kind: 'string',
    maxLength,
    writableOn: ['create'],
    requiredOn: ['create'],
    note,
  }) as const satisfies FieldSpec;

/**
 * A device's push subscription (CS-Cart's `SraNotifications` of the mobile app): `POST /api/4.0/sra_notifications
 * {"device_id", "platform", "locale", "token"}` (each required, 400 naming the first missing) → 201 `{"id"}`, the
 * same id again for the same device; guests may subscribe their device too. `DELETE /sra_notifications/:id` ends the
 * caller's own subscription (204; another's or none: 404). GET and PUT are 405, as in CS-Cart.
 * lib/operations/storefront-account/notifications.ts, stored by lib/db/push-subscriptions.ts.
 */
export const sraNotificationsEntity = defineEntity({
  name: 'sra_notifications',
  schema: {
    idField: 'id',
    fields: {
      device_id: required(255, 'The device.'),
      platform: required(32, 'The device platform: `ios`, `android`, …'),
      locale: required(32, 'The language notifications are written in: `en`, …'),
      token: required(4096, 'The push service token of the device.'),
    },
  },
  http: {
    operations: ['create', 'delete'],
    privileges: 'none',
    storefrontAccess: 'customer',
    storefrontGuestOperations: ['create'],
    answers: { create: { id: 'integer' } },
  },
  // The device item (GetItem), the id counter (UpdateItem), both items (PutItem in one transaction); delete: GetItem, DeleteItem.
  deployment: {
    domain: 'shoppers',
    functions: {
      create: { access: ['GetItem', 'UpdateItem', 'PutItem'] },
      delete: { access: ['GetItem', 'DeleteItem'] },
    },
  },
});
