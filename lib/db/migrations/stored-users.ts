import { config } from '../../config.js';
import { USER_STATUSES, USER_TYPES } from '../../entities/users.js';
import { inBatches } from '../../in-batches.js';
import { GSI1, keys } from '../keys.js';
import { queryPages } from '../query.js';
import { retryOnConditionFailed, type TransactItem, transactWrite } from '../transact.js';
import { SHARDS, userKeys } from '../user-keys.js';

/**
 * Runs `upgrade` on every user of the table (the all-users buckets, each shard, keys only), 4 at a time and at
 * most `usersPerSecond` upgraded; returns how many it upgraded (those it answered true for). The walk of the users'
 * migrations (`users-index`, `layout-10`).
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

/**
 * Writes one user's upgrade in a transaction conditioned on the profile's version, read again and retried when a
 * write came in between (it may already have given what the upgrade adds). `plan` answers the version read and the
 * items to write, or undefined when the user needs nothing (gone, or already upgraded); answers whether it wrote.
 */
export function upgradeOnVersion<Read>(
  userId: number,
  read: () => Promise<Read | undefined>,
  plan: (read: Read) => { version: number; writes: TransactItem[] } | undefined,
): Promise<boolean> {
  return retryOnConditionFailed(async () => {
    const found = await read();
    const planned = found === undefined ? undefined : plan(found);
    if (!planned) return false;
    const check = {
      ConditionCheck: {
        TableName: config().tableName,
        Key: keys.userProfile(userId),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': planned.version },
      },
    };
    await transactWrite([check, ...planned.writes]);
    return true;
  });
}
