import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';
import { userKeys } from './user-keys.js';

/**
 * Whether every user has its list copies (company and word items, docs/data-model.md "Users at scale"): the
 * `USERINDEX` marker. Until it is there the `company_id`, `name` and `phone` filters read the buckets whole, as the
 * first user layout did; the migration `users-index` (lib/db/migrations/layout-02a-users-index.ts) gives every older
 * user its copies and then writes it. A fresh table is marked ready by the bootstrap before its first user.
 */

let ready = false;

/** Whether the copies are complete (remembered once true: nothing makes them incomplete again). */
export async function isUserIndexReady(): Promise<boolean> {
  if (ready) return true;
  const { Item } = await db().send(new GetCommand({ TableName: config().tableName, Key: userKeys.indexReady }));
  ready = Item !== undefined;
  return ready;
}

/** Tests that take the marker away make the next check read it again. */
export function forgetUserIndexReadyForTests(): void {
  ready = false;
}

export async function markUserIndexReady(): Promise<void> {
  await db().send(new PutCommand({ TableName: config().tableName, Item: { ...userKeys.indexReady, at: Date.now() } }));
}
