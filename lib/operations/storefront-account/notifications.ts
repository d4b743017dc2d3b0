import { removePushSubscription, savePushSubscription } from '../../db/push-subscriptions.js';
import { readUserDocument, writeUserDocument } from '../../db/user-documents.js';
import { sraNotificationsEntity } from '../../entities/sra-notifications.js';
import { readBodyFields } from '../../entities/validate.js';
import { ForbiddenError, invalidField, NotFoundError } from '../../errors.js';
import { created, noContent, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import type { Operation } from '../../stack/api-handler.js';

/**
 * The shopper's notifications (CS-Cart's `SraNotifications` and the mobile app's unviewed notifications).
 * `/sra_notifications`: POST subscribes a device to push notifications (guests too), DELETE /:id ends the caller's own
 * subscription. `/sra_unviewed_notifications`: the signed-in shopper's notifications not yet viewed, newest first,
 * from their NOTIFICATIONS document (lib/db/user-documents.ts), and `/mark_as_viewed?time=` marks those up to a time
 * as viewed. Nothing in the API sends notifications yet, so the list is empty until something does.
 */

export interface StoredNotification {
  notification_id: number;
  title: string;
  message: string;
  severity: string;
  section: string;
  tag: string;
  action_url: string;
  timestamp: number;
}

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

const notificationsOf = (document: Record<string, unknown> | undefined): StoredNotification[] =>
  (document?.items as StoredNotification[] | undefined) ?? [];

/** GET /sra_unviewed_notifications → `{"notifications": [...], "params": {"total_items"}}`, those after the viewed mark. */
export const readUnviewedNotifications: Operation = async ({ caller }) => {
  const document = await readUserDocument('NOTIFICATIONS', caller.userId);
  const viewedUntil = Number(document?.viewed_until ?? 0);
  const unviewed = notificationsOf(document)
    .filter((notification) => notification.timestamp > viewedUntil)
    .sort((a, b) => b.timestamp - a.timestamp);
  return ok({ notifications: unviewed, params: { total_items: unviewed.length } });
};

/**
 * `time` of mark_as_viewed: CS-Cart's `YYYY-MM-DD HH:MM:SS` (UTC here), an ISO 8601 time or Unix seconds; absent:
 * now. Anything else is a 400 naming `time`.
 */
export function viewedTime(sent: string | undefined, now = Date.now()): number {
  if (sent === undefined || sent.trim() === '') return Math.floor(now / 1000);
  const text = sent.trim();
  if (/^\d{1,12}$/.test(text)) return Number(text);
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const millis = /^\d{4}-\d{2}-\d{2}/.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(millis)) throw invalidField('time', 'The time field must be a date and time: 2026-01-22 16:16:23');
  return Math.floor(millis / 1000);
}

/**
 * GET /sra_unviewed_notifications/mark_as_viewed?time= → 200 `{"success": true}`: every notification up to `time` is
 * viewed from now on (the mark never moves back). Any other id is a 404.
 */
export const markNotificationsViewed: Operation = async ({ caller, route, query }) => {
  // A GET of one object runs beside its authorization verdict (lib/stack/middleware/authorization.ts): this one
  // writes, so it refuses by itself whoever the verdict would refuse before touching anything.
  if (caller.storefront === 'guest' || caller.userType === 'V') throw new ForbiddenError();
  if (route.id !== 'mark_as_viewed') throw new NotFoundError();
  const until = viewedTime(query.time);
  await writeUserDocument('NOTIFICATIONS', caller.userId, (current) => ({
    items: notificationsOf(current),
    viewed_until: Math.max(until, Number(current?.viewed_until ?? 0)),
  }));
  return ok({ success: true });
};
