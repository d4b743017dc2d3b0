import { config } from '../config.js';
import { USER_STATUSES, USER_TYPES } from '../entities/users.js';
import { inBatches } from '../in-batches.js';
import { GSI1 } from './keys.js';
import { queryPages } from './query.js';
import { readyMarker } from './ready-marker.js';
import { retryOnConditionFailed, transactWrite } from './transact.js';
import { indexWrites } from './user-index.js';
import { SHARDS, userKeys } from './user-keys.js';
import { getUserWithLinks } from './users.js';

/**
 * The list copies (company and word items, docs/data-model.md "Users at scale") came after the first user
 * layout. Until every user has them the `company_id`, `name` and `phone` filters read the buckets whole, as
 * before; `upgradeUserIndex` gives each user its copies and then marks the index ready. A fresh table is
 * marked ready by the bootstrap before its first user.
 */

const marker = readyMarker(userKeys.indexReady);

/** Whether the copies are complete. */
export const isUserIndexReady = marker.isReady;
export const forgetUserIndexReadyForTests = marker.forget;
export const markUserIndexReady = marker.mark;

/** Gives one user its copies unless it has them, conditioned on the profile's version (a concurrent write already gives them). */
async function upgradeUser(userId: number): Promise<boolean> {
  return retryOnConditionFailed(async () => {
    const { user, copies } = await getUserWithLinks(userId);
    if (!user || copies.size > 0) return false;
    const check = {
      ConditionCheck: {
        TableName: config().tableName,
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': user.version },
      },
    };
    await transactWrite([check, ...indexWrites({ user, copies }, user)]);
    return true;
  });
}

/**
 * Idempotent and resumable: walks every all-users bucket (each shard, keys only), upgrades the users that
 * lack copies, 4 at a time and at most `usersPerSecond`, then marks the index ready. Returns how many users
 * it upgraded. (A migration runner calls it; lists answer correctly throughout, from the buckets until ready.)
 */
export async function upgradeUserIndex(usersPerSecond = 100): Promise<number> {
  const upgraded = await forEachStoredUser(upgradeUser, usersPerSecond);
  await markUserIndexReady();
  return upgraded;
}

/**
 * Runs `upgrade` on every user of the table (the all-users buckets, each shard, keys only), 4 at a time and at
 * most `usersPerSecond` upgraded; returns how many it upgraded (those it answered true for).
 */
export async function forEachStoredUser(
  upgrade: (userId: number) => Promise<boolean>,
  usersPerSecond: number,
): Promise<number> {
  const parallel = 4;
  let upgraded = 0;
  const started = Date.now();
  for (const userType of USER_TYPES) {
    for (const status of USER_STATUSES) {
      for (const shard of SHARDS) {
        const pages = queryPages({
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': userKeys.bucket({}, userType, status, shard) },
          ProjectionExpression: 'user_id',
        });
        for await (const page of pages) {
          await inBatches(page, parallel, async (item) => {
            if (await upgrade(Number(item.user_id))) upgraded++;
          });
          const due = started + (upgraded / usersPerSecond) * 1000;
          if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        }
      }
    }
  }
  return upgraded;
}
