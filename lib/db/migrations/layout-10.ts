import { DEFAULT_TABLE } from '../table-target.js';
import { userPostingWrites } from '../user-postings.js';
import { markUserPostingsReady } from '../user-postings-ready.js';
import { getUser } from '../users.js';
import type { Migration } from './migration.js';
import { forEachStoredUser, upgradeOnVersion } from './stored-users.js';

/**
 * Layout 10: users' name and equality postings (docs/data-model.md "Postings", lib/db/user-postings.ts). A layout of
 * its own, not a step beside layout 9, because version 9 writes users without postings: on a layout-10 table it
 * would leave them stale, so its migrations must refuse the table (lib/db/migrations/start.ts), as they do.
 * - Rewrites: every stored user gets the posting offsets of its name words and of its type, status and company,
 *   each in a transaction conditioned on the profile's version. ADD of an offset already there changes nothing, so
 *   an interrupted run simply starts again.
 * - Meanwhile: `name` searches read the users' word copies, as before (lib/db/user-list-postings.ts asks
 *   lib/db/user-postings-ready.ts).
 * - Done: the `USERPOSTINGS` marker (markUserPostingsReady); then the layout marker raised to 10, which lets `name`
 *   searches read the postings, and its done marker. A new table's users are all written with their postings: it is
 *   marked ready from the start.
 */
export const layout10: Migration = {
  id: 'layout-10',
  layout: 10,
  description: "users' name and equality postings (the name filter's exact total without reading every match)",
  async run(options) {
    const upgraded = await upgradeUserPostings(options.recordsPerSecond);
    options.log(`${this.id}: ${upgraded} user(s) given their postings`);
  },
  onNewTable: markUserPostingsReady,
};

/**
 * ADDs one user's postings, conditioned on the profile's version: a write in between already moved them (and a
 * stale name's would be left behind), so the user is read again. ADD of present offsets changes nothing, so a
 * user written since postings exist, or upgraded by an interrupted run, is simply upgraded again.
 */
function upgradeUser(userId: number): Promise<boolean> {
  return upgradeOnVersion(
    userId,
    () => getUser(userId, DEFAULT_TABLE),
    (user) => ({ version: user.version, writes: userPostingWrites(undefined, user) }),
  );
}

/** Idempotent and resumable: every user's postings, at most `usersPerSecond`, then the marker. Returns how many users. */
export async function upgradeUserPostings(usersPerSecond = 100): Promise<number> {
  const upgraded = await forEachStoredUser(upgradeUser, usersPerSecond);
  await markUserPostingsReady();
  return upgraded;
}
