import { config } from '../../config.js';
import { DEFAULT_TABLE } from '../table-target.js';
import { isSortItem, sortItems } from '../user-sort-keys.js';
import { getUserWithLinks } from '../users.js';
import type { Migration } from './migration.js';
import { forEachStoredUser, upgradeOnVersion } from './stored-users.js';

/**
 * Layout 11: users' sort copies (docs/data-model.md "Users at scale", lib/db/user-sort-keys.ts): one copy of the
 * user per `sort_by` of username, email, name, date and phone, indexed in that sort's order. A layout of its own
 * because version 10 writes users without them: on a layout-11 table it would leave them stale, so its migrations
 * refuse the table (lib/db/migrations/start.ts), as they do.
 * - Rewrites: every stored user lacking one of its sort copies gets them, in a transaction conditioned on the
 *   profile's version (a write in between already gives them: the user is read again). A user with all of them is
 *   skipped, so an interrupted run simply starts again.
 * - Meanwhile: those sorts read the matching buckets whole and sort in memory, as before (lib/db/user-list.ts
 *   reads the copies only once the layout marker says 11).
 * - Done: the layout marker raised to 11, then its done marker. A new table's users are all written with their
 *   copies: it is on layout 11 from the start.
 */
export const layout11: Migration = {
  id: 'layout-11',
  layout: 11,
  description: "users' sort copies (sort_by=username, email, name, date, phone read only their page)",
  async run(options) {
    const upgraded = await forEachStoredUser(upgradeUser, options.recordsPerSecond);
    options.log(`${this.id}: ${upgraded} user(s) given their sort copies`);
  },
};

/** Puts one user's sort copies unless it has them all, conditioned on the profile's version. */
export function upgradeUser(userId: number): Promise<boolean> {
  return upgradeOnVersion(
    userId,
    () => getUserWithLinks(userId, DEFAULT_TABLE),
    ({ user, copies }) => {
      if (!user) return undefined;
      const items = sortItems(user);
      const has = [...copies].filter((key) => isSortItem(key.split('\u0000')[1] ?? '')).length;
      if (has === items.length) return undefined;
      return { version: user.version, writes: items.map((Item) => ({ Put: { TableName: config().tableName, Item } })) };
    },
  );
}
