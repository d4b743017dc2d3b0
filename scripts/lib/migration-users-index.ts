import { markUserIndexReady, upgradeUserIndex } from '../../lib/db/user-index-upgrade.js';
import type { Migration } from './migration.js';

/**
 * Users' list copies (docs/data-model.md "Users at scale"): every user written before them gets its company
 * and word copies and its company count, each in a transaction conditioned on the profile's version; then
 * the `USERINDEX` marker lets the `company_id`, `name` and `phone` filters read them. Idempotent (a user with
 * copies is skipped), so an interrupted run simply starts again.
 */
export const usersIndex: Migration = {
  id: 'users-index',
  description: "users' company and word copies (the company_id, name and phone filters)",
  async run(options) {
    const upgraded = await upgradeUserIndex(options.recordsPerSecond);
    options.log(`${this.id}: ${upgraded} user(s) given their copies`);
  },
  // A new table's users are all written with their copies: the filters may read them from the start.
  onNewTable: markUserIndexReady,
};
