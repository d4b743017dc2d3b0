import type { UserRecord } from '../../lib/db/records.js';
import { matchesUser, sortUsers, type UserListQuery } from '../../lib/db/user-list.js';

/** The page GET /users must answer: its ids, the total and whether more follow. */
export type UsersPage = { ids: number[]; total: number; next: boolean };

/**
 * The page worked out from the users themselves (every user filtered and sorted in memory, as the first layout
 * listed them): what a list read from postings, buckets or sort copies must answer.
 */
export function expectedUsersPage(users: readonly UserRecord[], q: UserListQuery): UsersPage {
  const matching = sortUsers(
    users.filter((u) => matchesUser(u, q)),
    q.sortBy,
    q.descending,
  );
  const start = (q.page - 1) * q.itemsPerPage;
  return {
    ids: matching.slice(start, start + q.itemsPerPage).map((u) => u.user_id),
    total: matching.length,
    next: matching.length > start + q.itemsPerPage,
  };
}
