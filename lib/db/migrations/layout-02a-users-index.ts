import { DEFAULT_TABLE } from '../table-target.js';
import { indexWrites } from '../user-index.js';
import { markUserIndexReady } from '../user-index-ready.js';
import { getUserWithLinks } from '../users.js';
import type { Migration } from './migration.js';
import { forEachStoredUser, upgradeOnVersion } from './stored-users.js';

/**
 * `users-index`, run after layout 2: users' list copies (docs/data-model.md "Users at scale").
 * - Rewrites: every user written before them gets its company and word copies and its company count, each in a
 *   transaction conditioned on the profile's version (a concurrent write already gives them, so the user is read
 *   again). A user with copies is skipped, so an interrupted run simply starts again.
 * - Meanwhile: the `company_id`, `name` and `phone` filters read the all-users buckets whole, as before
 *   (lib/db/user-list.ts asks lib/db/user-index-ready.ts).
 * - Done: the `USERINDEX` marker (markUserIndexReady), then its done marker. Those filters read the copies once the
 *   layout marker passes 2 (layout 3's migration runs after this one). A new table's users are all written with
 *   their copies: it is marked ready from the start.
 */
export const usersIndex: Migration = {
  id: 'users-index',
  description: "users' company and word copies (the company_id, name and phone filters)",
  async run(options) {
    const upgraded = await upgradeUserIndex(options.recordsPerSecond);
    options.log(`${this.id}: ${upgraded} user(s) given their copies`);
  },
  onNewTable: markUserIndexReady,
};

/** Gives one user its copies unless it has them, conditioned on the profile's version (a concurrent write already gives them). */
function upgradeUser(userId: number): Promise<boolean> {
  return upgradeOnVersion(
    userId,
    () => getUserWithLinks(userId, DEFAULT_TABLE),
    ({ user, copies }) =>
      user && copies.size === 0 ? { version: user.version, writes: indexWrites({ user, copies }, user) } : undefined,
  );
}

/**
 * Idempotent and resumable: walks every all-users bucket (each shard, keys only), upgrades the users that
 * lack copies, 4 at a time and at most `usersPerSecond`, then marks the index ready. Returns how many users
 * it upgraded (lists answer correctly throughout, from the buckets until ready).
 */
export async function upgradeUserIndex(usersPerSecond = 100): Promise<number> {
  const upgraded = await forEachStoredUser(upgradeUser, usersPerSecond);
  await markUserIndexReady();
  return upgraded;
}
