import { markUserPostingsReady, upgradeUserPostings } from '../../lib/db/user-postings-upgrade.js';
import type { Migration } from './migration.js';

/**
 * Users' postings (docs/data-model.md "Postings", lib/db/user-postings.ts): every stored user gets the posting
 * offsets of its name words and of its type, status and company, each in a transaction conditioned on the
 * profile's version; then the `USERPOSTINGS` marker lets `name` searches read them. ADD of an offset already
 * there changes nothing, so an interrupted run simply starts again.
 */
export const usersPostings: Migration = {
  id: 'users-postings',
  description: "users' name and equality postings (the name filter's exact total without reading every match)",
  async run(options) {
    const upgraded = await upgradeUserPostings(options.recordsPerSecond);
    options.log(`${this.id}: ${upgraded} user(s) given their postings`);
  },
  // A new table's users are all written with their postings: name searches may read them from the start.
  onNewTable: markUserPostingsReady,
};
