import type { UserSort } from '../entities/users.js';
import { combinePostings, readPostingIds } from './posting-list.js';
import type { TableContext } from './table-context.js';
import { firstBeyond } from './tuple-key.js';
import { type UserPostingQuery, userPostingPlan } from './user-postings.js';
import { isUserPostingsReady } from './user-postings-ready.js';

/**
 * `GET /users?name=` from users' postings (lib/db/user-postings.ts): one Query per query word and per posted equality
 * (each a few bytes per matching user), the ids intersected in memory, so `total_items` is exact and only the page's
 * profiles are read afterwards (lib/db/user-list.ts). Answers only what the postings know exactly, in id order:
 * `name` with any of `user_type`, `status`, `company_id`, sorted by `id` or `last_login` (0 for everyone, so ids
 * decide); anything else (`phone`, `is_root`, another sort) is left to the word copies (undefined).
 */

export interface UserPostingsListQuery extends Partial<UserPostingQuery> {
  phone?: string;
  is_root?: 'Y' | 'N';
  sortBy: UserSort;
  descending: boolean;
  /** The first id of the page is the one after this many (ignored with `afterId`). */
  offset: number;
  itemsPerPage: number;
  /** Keyset paging: the page starts after this id (in the list's direction). */
  afterId?: number;
}

export interface UserIdsPage {
  ids: number[];
  total: number;
  more: boolean;
}

/** Can postings answer this list exactly (pure)? */
export function postingsAnswer(query: UserPostingsListQuery): boolean {
  const inIdOrder = query.sortBy === 'id' || query.sortBy === 'last_login';
  return query.name !== undefined && query.phone === undefined && query.is_root === undefined && inIdOrder;
}

/** The page's user ids, the exact total and whether more follow, from `context`'s table; undefined when postings cannot answer (see above). */
export async function userIdsFromPostings(
  query: UserPostingsListQuery,
  context: TableContext,
): Promise<UserIdsPage | undefined> {
  if (!postingsAnswer(query) || query.name === undefined) return undefined;
  const { name, user_type, status, company_id } = query;
  const plan = userPostingPlan({ name, user_type, status, company_id });
  if (!plan || !(await isUserPostingsReady(context))) return undefined;
  const read = await Promise.all(
    // Eventually consistent, as the word copies (a GSI) always were: half the read units of a strongly consistent
    // Query. The page's profiles are read strongly consistent, so a user deleted a moment ago is never shown.
    plan.groups.map((group) => Promise.all(group.map((r) => readPostingIds([r.pk], r.begins, false, context)))),
  );
  const ids = combinePostings(plan, read);
  if (query.descending) ids.reverse();
  const after = query.afterId;
  const start =
    after === undefined ? query.offset : firstBeyond(ids, (id) => (query.descending ? id < after : id > after));
  const stop = start + query.itemsPerPage;
  return { ids: ids.slice(start, stop), total: ids.length, more: ids.length > stop };
}
