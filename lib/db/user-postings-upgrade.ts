import { config } from '../config.js';
import { keys } from './keys.js';
import { readyMarker } from './ready-marker.js';
import { retryOnConditionFailed, transactWrite } from './transact.js';
import { forEachStoredUser } from './user-index-upgrade.js';
import { userPostingWrites } from './user-postings.js';
import { getUser } from './users.js';

/**
 * Users' postings (lib/db/user-postings.ts) came after the users' word copies. Until every user has them, `name`
 * searches read the word copies as before; `upgradeUserPostings` gives each stored user its postings and then marks
 * them ready. A fresh table is marked ready by the bootstrap before its first user (and by the migration runner's
 * new-table step), so it reads postings from the start.
 */

const marker = readyMarker({ pk: 'USERPOSTINGS', sk: 'READY' });

/** Whether every user has its postings. */
export const isUserPostingsReady = marker.isReady;
export const forgetUserPostingsReadyForTests = marker.forget;
export const markUserPostingsReady = marker.mark;

/**
 * ADDs one user's postings, conditioned on the profile's version: a write in between already moved them (and a
 * stale name's would be left behind), so the user is read again. ADD of present offsets changes nothing, so a
 * user written since postings exist, or upgraded by an interrupted run, is simply upgraded again.
 */
async function upgradeUser(userId: number): Promise<boolean> {
  return retryOnConditionFailed(async () => {
    const user = await getUser(userId);
    if (!user) return false;
    const check = {
      ConditionCheck: {
        TableName: config().tableName,
        Key: keys.userProfile(userId),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': user.version },
      },
    };
    await transactWrite([check, ...userPostingWrites(undefined, user)]);
    return true;
  });
}

/** Idempotent and resumable: every user's postings, at most `usersPerSecond`, then the marker. Returns how many users. */
export async function upgradeUserPostings(usersPerSecond = 100): Promise<number> {
  const upgraded = await forEachStoredUser(upgradeUser, usersPerSecond);
  await markUserPostingsReady();
  return upgraded;
}
