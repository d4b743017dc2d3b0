import { removePushSubscription, savePushSubscription } from '../../db/push-subscriptions.js';
import { sraNotificationsEntity } from '../../entities/sra-notifications.js';
import { readBodyFields } from '../../entities/validate.js';
import { invalidField, NotFoundError } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import type { Operation } from '../../http/operation.js';
import { created, noContent, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';

/**
 * The shopper's notifications (CS-Cart's `SraNotifications` and the mobile app's unviewed notifications).
 * `/sra_notifications`: POST subscribes a device to push notifications (guests too), DELETE /:id ends the caller's own
 * subscription. `/sra_unviewed_notifications`: the signed-in shopper's notifications not yet viewed, and
 * `/mark_as_viewed?time=`; nothing in the API sends notifications yet, so the list is empty.
 */

/** POST /sra_notifications `{"device_id", "platform", "locale", "token"}` (each required, trimmed) → 201 `{"id"}`. */
export const subscribeDevice: Operation = async ({ caller, body = {} }) => {
  const trimmed = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
  const fields = readBodyFields(sraNotificationsEntity, 'create', trimmed);
  const id = await savePushSubscription({
    user_id: caller.userId,
    device_id: String(fields.device_id),
    platform: String(fields.platform),
    locale: String(fields.locale),
    token: String(fields.token),
    timestamp: Math.floor(Date.now() / 1000),
  });
  return created({ id });
};

/** DELETE /sra_notifications/:id → 204; 404 when the caller holds no such subscription. */
export const unsubscribeDevice: Operation = async ({ caller, route }) => {
  if (!(await removePushSubscription(parseId(route.id), caller.userId))) throw new NotFoundError();
  return noContent();
};

/**
 * GET /sra_unviewed_notifications → `{"notifications": [], "params": {"total_items": 0}}`. Nothing in this API sends a
 * shopper notifications yet (no order-status or marketing messages), so there is nothing unviewed, and nothing to
 * read: the answer costs no DynamoDB request. When notifications come, they and their viewed mark are the shopper's.
 */
export const readUnviewedNotifications: Operation = async () => ok({ notifications: [], params: { total_items: 0 } });

/**
 * `time` of mark_as_viewed: CS-Cart's `YYYY-MM-DD HH:MM:SS` (UTC here), an ISO 8601 time or Unix seconds; absent:
 * now. Anything else is a 400 naming `time`.
 */
export function viewedTime(sent: string | undefined, now = Date.now()): number {
  if (sent === undefined || sent.trim() === '') return Math.floor(now / 1000);
  const text = sent.trim();
  const stamp = digitsOf(text, 12);
  if (stamp !== undefined) return stamp;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const millis = /^\d{4}-\d{2}-\d{2}/.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(millis)) throw invalidField('time', 'The time field must be a date and time: 2026-01-22 16:16:23');
  return Math.floor(millis / 1000);
}

/**
 * GET /sra_unviewed_notifications/mark_as_viewed?time= → 200 `{"success": true}` (a `time` that is none: 400; any other
 * id: 404). With no notifications (above) there is nothing to mark; a GET function writes nothing but bookkeeping
 * (docs/deploy.md, "one IAM role per function"), so a viewed mark, when notifications come, belongs with them.
 */
export const markNotificationsViewed: Operation = async ({ route, query }) => {
  if (route.id !== 'mark_as_viewed') throw new NotFoundError();
  viewedTime(query.time);
  return ok({ success: true });
};
