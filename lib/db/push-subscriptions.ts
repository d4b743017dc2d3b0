import { createHash } from 'node:crypto';
import { config } from '../config.js';
import { nextId } from './counters.js';
import { readItem } from './items.js';
import { retryOnConditionFailed, transactWrite } from './transact.js';

/**
 * Devices' push subscriptions (POST /sra_notifications, CS-Cart's mobile_app `fn_mobile_app_update_notification_
 * subscription`): one item per subscription, `PUSHSUB#<id>`, and one per device, `PUSHDEVICE#<sha256(device_id)>`,
 * naming its subscription — so a device that subscribes again (a new token, another shopper signed in on it) keeps
 * its id and its one subscription, and a delete by id is one GetItem. Written together in one transaction.
 */

export interface PushSubscription {
  subscription_id: number;
  /** 0 for a guest's device. */
  user_id: number;
  device_id: string;
  platform: string;
  locale: string;
  token: string;
  timestamp: number;
}

const table = () => config().tableName;
const subscriptionKey = (id: number) => ({ pk: `PUSHSUB#${id}`, sk: 'PUSHSUB' });
const deviceKey = (deviceId: string) => ({
  pk: `PUSHDEVICE#${createHash('sha256').update(deviceId).digest('hex')}`,
  sk: 'PUSHDEVICE',
});

/** A subscription item's attributes, as savePushSubscription wrote them. */
const subscriptionOf = (item: Record<string, unknown>): PushSubscription => ({
  subscription_id: Number(item.subscription_id),
  user_id: Number(item.user_id),
  device_id: String(item.device_id),
  platform: String(item.platform),
  locale: String(item.locale),
  token: String(item.token),
  timestamp: Number(item.timestamp),
});

export async function getPushSubscription(id: number): Promise<PushSubscription | undefined> {
  const item = await readItem(subscriptionKey(id));
  return item ? subscriptionOf(item) : undefined;
}

/** Subscribes a device (or renews its subscription): the subscription's id, the same for the same device. */
export async function savePushSubscription(details: Omit<PushSubscription, 'subscription_id'>): Promise<number> {
  return retryOnConditionFailed(async () => {
    const device = await readItem(deviceKey(details.device_id));
    const known = device ? Number(device.subscription_id) : undefined;
    const id = known ?? (await nextId('push_subscription'));
    const stored: PushSubscription = { subscription_id: id, ...details };
    await transactWrite([
      {
        Put: {
          TableName: table(),
          Item: { ...deviceKey(details.device_id), subscription_id: id },
          // A device subscribing twice at once: the second sees the first's id on its retry.
          ConditionExpression: known === undefined ? 'attribute_not_exists(pk)' : 'subscription_id = :id',
          ...(known === undefined ? {} : { ExpressionAttributeValues: { ':id': id } }),
        },
      },
      { Put: { TableName: table(), Item: { ...subscriptionKey(id), ...stored } } },
    ]);
    return id;
  });
}

/** Removes a subscription and its device's item; `owner` must hold it (else false, nothing removed). */
export async function removePushSubscription(id: number, owner: number): Promise<boolean> {
  const current = await getPushSubscription(id);
  if (!current || current.user_id !== owner) return false;
  await transactWrite([
    { Delete: { TableName: table(), Key: deviceKey(current.device_id) } },
    { Delete: { TableName: table(), Key: subscriptionKey(id) } },
  ]);
  return true;
}
