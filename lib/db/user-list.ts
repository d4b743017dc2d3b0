import type { UserSort, UserStatus, UserType } from '../entities/users.js';
import { batchGetInOrder } from './batch-get.js';
import { keys } from './keys.js';
import { USER_SORT_LAYOUT } from './layout.js';
import { type UserRecord, withoutKeys } from './records.js';
import type { TableContext } from './table-context.js';
import type { TableTarget } from './table-target.js';
import { firstBeyond, parseTupleKey, tupleKey } from './tuple-key.js';
import { type Bucket, type BucketFilter, bucketsFor, readBucket, readWordMatches } from './user-buckets.js';
import { fieldText, matchesWords, textWords } from './user-index.js';
import { isUserIndexReady } from './user-index-ready.js';
import type { UserScope, WordField } from './user-keys.js';
import { userIdsFromPostings } from './user-list-postings.js';
import { isCopiedSort } from './user-sort-keys.js';
import { copiesWorthReading, readSortPage } from './user-sort-page.js';
import { SORT_VALUES } from './user-sort-values.js';
import { bucketCounts, getUserByEmail } from './users.js';

/**
 * GET /users: which users a list shows and in what order. The user aggregate itself (profile, login
 * item, links, the per-bucket counters its writes keep) is lib/db/users.ts; this reads it.
 */

/** What GET /users selects; every filter given must hold (AND). */
export interface UserFilters {
  user_type?: UserType;
  status?: UserStatus;
  /** Exact, case-insensitive. */
  email?: string;
  /** Only these user ids (from `user_id`, `user_ids`, `user_login`); empty means nobody. */
  ids?: readonly number[];
  /** Each word starts a word of "firstname lastname" (case- and accent-insensitive; CS-Cart's `name`). */
  name?: string;
  /** Each word (group of digits or letters) starts a word of the phone. */
  phone?: string;
  company_id?: number;
  is_root?: 'Y' | 'N';
}

export interface UserListQuery extends UserFilters {
  sortBy: UserSort;
  descending: boolean;
  page: number;
  itemsPerPage: number;
  /** Keyset paging: continue after this key (a `nextKey` of the same sort and filters) instead of at `page`. */
  after?: string;
}

/** A user's position in a sorted list, as a cursor carries it: `[sort value, user_id]`. */
const userKey = (user: UserRecord, sortBy: UserSort) => tupleKey(SORT_VALUES[sortBy](user), user.user_id);

export function matchesUser(user: UserRecord, filters: UserFilters): boolean {
  const has = (field: WordField, query: string) => matchesWords(fieldText(user, field), query);
  return (
    (filters.user_type === undefined || user.user_type === filters.user_type) &&
    (filters.status === undefined || user.status === filters.status) &&
    (filters.email === undefined || user.email_lc === filters.email.trim().toLowerCase()) &&
    (filters.ids === undefined || filters.ids.includes(user.user_id)) &&
    (filters.name === undefined || has('name', filters.name)) &&
    (filters.phone === undefined || has('phone', filters.phone)) &&
    (filters.company_id === undefined || user.company_id === filters.company_id) &&
    (filters.is_root === undefined || user.is_root === filters.is_root)
  );
}

const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** Where `user` falls against the position (sort value, id) in the list's order: negative before, positive after. */
function compareTo(
  user: UserRecord,
  sortBy: UserSort,
  descending: boolean,
  value: string | number,
  id: number,
): number {
  const compared = order(SORT_VALUES[sortBy](user), value) || user.user_id - id;
  return descending ? -compared : compared;
}

export function sortUsers(users: UserRecord[], sortBy: UserSort, descending: boolean): UserRecord[] {
  const value = SORT_VALUES[sortBy];
  return [...users].sort((a, b) => compareTo(a, sortBy, descending, value(b), b.user_id));
}

/** Profiles by id in one BatchGetItem per 100, in the order of `ids`; missing ones are left out. */
export async function getUsers(ids: readonly number[], table: TableTarget): Promise<UserRecord[]> {
  return (
    await batchGetInOrder(
      ids.map((id) => keys.userProfile(id)),
      table,
    )
  ).map((item) => withoutKeys<UserRecord>(item));
}

export type UserPage = { users: UserRecord[]; total: number; nextKey: string | null };

/** The longest word of the name and phone filters: the index partition that drives a word search. */
function drivingWord(query: UserFilters): { field: WordField; word: string } | undefined {
  const words = (['name', 'phone'] as const).flatMap((field) =>
    textWords(query[field] ?? '').map((word) => ({ field, word })),
  );
  return words.sort((a, b) => b.word.length - a.word.length)[0];
}

/**
 * GET /users (docs/data-model.md "Users at scale"). The cheapest way that answers exactly is taken:
 * 1. `email` or ids name the candidates: the login item and profile, or one BatchGetItem of at most 100;
 * 2. `name` (with `user_type`, `status`, `company_id` at most) in id order: the users' postings, one Query per
 *    word and equality, then the page's profiles — the work follows the page, `total_items` exact
 *    (lib/db/user-list-postings.ts); until an older table's users have them, as 3;
 * 3. a word of `name` or `phone`: the users under that word (each shard of its partition), then the other
 *    filters and the sort in memory — the work follows the users the word matches;
 * 4. sorted by id (or `last_login`, "0" for all), `type` or `status`: the matching buckets (of all users, or
 *    of the `company_id`'s users), each shard read only as far as the page needs, totals from the sharded
 *    counts (`is_root`: the administrator buckets are read whole, filtered — there are few administrators);
 * 5. any other sort (`username`, `email`, `name`, `date`, `phone`), with `user_type` and `status` at most: the sort's
 *    copies (layout 11, lib/db/user-sort-page.ts), each shard read only as far as the page needs, totals from the
 *    counts; with other filters, on an older table, or where the filters keep too few of the copies: the matching
 *    buckets read whole, sorted in memory — cost grows with those users.
 * Until an older table's users have their copies (the migration `users-index`, lib/db/user-index-ready.ts), `company_id`, `name` and
 * `phone` read the all-users buckets whole, as the first layout did.
 * Every read goes to `context`'s table, and which paths are open is that table's layout.
 */
export async function listUsers(query: UserListQuery, context: TableContext): Promise<UserPage> {
  const offset = (query.page - 1) * query.itemsPerPage;
  const pageOf = (users: UserRecord[]): UserPage => {
    const matching = sortUsers(
      users.filter((user) => matchesUser(user, query)),
      query.sortBy,
      query.descending,
    );
    let start = offset;
    if (query.after !== undefined) {
      // Keyset: the first user beyond the cursor's (value, id) in this order.
      const [value, id] = parseTupleKey(query.after, ['string', 'number']);
      start = firstBeyond(matching, (user) => compareTo(user, query.sortBy, query.descending, value, id) > 0);
    }
    const page = matching.slice(start, start + query.itemsPerPage);
    const more = matching.length > start + query.itemsPerPage;
    return {
      users: page,
      total: matching.length,
      nextKey: more ? userKey(page[page.length - 1]!, query.sortBy) : null,
    };
  };
  if (query.email !== undefined) {
    const user = await getUserByEmail(query.email, context);
    return pageOf(user ? [user] : []);
  }
  if (query.ids !== undefined) return pageOf(await getUsers(query.ids, context));

  const cursorId = query.after === undefined ? undefined : parseTupleKey(query.after, ['string', 'number'])[1];
  const posted = await userIdsFromPostings({ ...query, offset, afterId: cursorId }, context);
  if (posted) {
    const users = await getUsers(posted.ids, context);
    const last = users[users.length - 1];
    return { users, total: posted.total, nextKey: posted.more && last ? userKey(last, query.sortBy) : null };
  }

  const word = drivingWord(query);
  const indexed = (word !== undefined || query.company_id !== undefined) && (await isUserIndexReady(context));
  if (word && indexed) return pageOf(await readWordMatches(word.field, word.word, context));

  const scope: UserScope = indexed && query.company_id !== undefined ? { company: query.company_id } : {};
  const buckets = bucketsFor(query);
  const inBucketOrder = ['id', 'last_login', 'type', 'status'].includes(query.sortBy);
  if (inBucketOrder && word === undefined && (query.company_id === undefined || scope.company !== undefined)) {
    return bucketsPage(query, scope, buckets, context);
  }
  const sorted = await sortCopiesPage(query, word === undefined, buckets, context);
  if (sorted) return sorted;
  const partitions = await Promise.all(
    buckets.map((bucket) => readBucket(scope, bucket, { descending: false, filter: exactFilter(query) }, context)),
  );
  return pageOf(partitions.flat());
}

/**
 * Path 5 of listUsers where the sort has copies (lib/db/user-sort-page.ts): only `user_type` and `status` filters
 * (their total is counted), on a table whose users all have the copies (layout 11), and when reading the copies
 * costs no more than about reading the matching buckets whole; otherwise undefined.
 */
async function sortCopiesPage(
  query: UserListQuery,
  noWords: boolean,
  buckets: Bucket[],
  context: TableContext,
): Promise<UserPage | undefined> {
  const { sortBy } = query;
  if (!isCopiedSort(sortBy) || !noWords || query.company_id !== undefined || query.is_root !== undefined) return;
  if ((await context.layout()) < USER_SORT_LAYOUT) return;
  const input = { query: { ...query, sortBy }, buckets, counts: await bucketCounts({}, context) };
  if (!copiesWorthReading(input)) return;
  const { users, total, more } = await readSortPage(input, context);
  return { users, total, nextKey: more ? userKey(users[users.length - 1]!, sortBy) : null };
}

/** The exact filters as a FilterExpression, so DynamoDB sends back only the users that match them. */
function exactFilter(query: UserFilters): BucketFilter | undefined {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if (query.company_id !== undefined) {
    parts.push('company_id = :company');
    values[':company'] = query.company_id;
  }
  if (query.is_root !== undefined) {
    parts.push('is_root = :root');
    values[':root'] = query.is_root;
  }
  return parts.length > 0 ? { expression: parts.join(' AND '), values } : undefined;
}

/** Buckets ordered as one sort shows them: all together by id, or grouped by type or status (then by id). */
function groupsOf(
  sortBy: UserSort,
  buckets: Bucket[],
  descending: boolean,
): Array<{ value: string | undefined; buckets: Bucket[] }> {
  const by = sortBy === 'type' ? (b: Bucket) => b.userType : sortBy === 'status' ? (b: Bucket) => b.status : undefined;
  if (!by) return [{ value: undefined, buckets }];
  const values = [...new Set(buckets.map(by))].sort();
  if (descending) values.reverse();
  return values.map((value) => ({ value, buckets: buckets.filter((b) => by(b) === value) }));
}

/**
 * A page of a list in bucket order (path 4 of listUsers): skips whole groups by their counts and reads each
 * shard of the groups the page falls in only as far as the page (plus one, to know whether more follow).
 */
async function bucketsPage(
  query: UserListQuery,
  scope: UserScope,
  buckets: Bucket[],
  table: TableTarget,
): Promise<UserPage> {
  const counts = await bucketCounts(scope, table);
  const nonEmpty = buckets.filter((b) => (counts.get(`${b.userType}#${b.status}`) ?? 0) > 0);
  // is_root: an administrator bucket is read whole and filtered (others hold no root, so they need no filter).
  const filtered = new Map<Bucket, UserRecord[]>();
  if (query.is_root !== undefined) {
    const admins = nonEmpty.filter((b) => b.userType === 'A');
    const read = await Promise.all(
      admins.map((b) =>
        readBucket(scope, b, { descending: query.descending, filter: exactFilter({ is_root: query.is_root }) }, table),
      ),
    );
    admins.forEach((b, i) => filtered.set(b, read[i]!));
  }
  const size = (b: Bucket) => filtered.get(b)?.length ?? counts.get(`${b.userType}#${b.status}`) ?? 0;
  const total = nonEmpty.reduce((sum, b) => sum + size(b), 0);
  const cursor = query.after === undefined ? undefined : parseTupleKey(query.after, ['string', 'number']);
  let toSkip = cursor ? 0 : (query.page - 1) * query.itemsPerPage;
  let wanted = query.itemsPerPage + 1;
  const taken: UserRecord[] = [];
  for (const group of groupsOf(query.sortBy, nonEmpty, query.descending)) {
    if (wanted <= 0) break;
    let afterId: number | undefined;
    if (cursor && group.value !== undefined) {
      const relation = group.value < String(cursor[0]) ? -1 : group.value > String(cursor[0]) ? 1 : 0;
      if ((query.descending ? -relation : relation) < 0) continue;
      if (relation === 0) afterId = cursor[1];
    } else if (cursor) afterId = cursor[1];
    const groupSize = group.buckets.reduce((sum, b) => sum + size(b), 0);
    if (!cursor && toSkip >= groupSize) {
      toSkip -= groupSize;
      continue;
    }
    const limit = toSkip + wanted;
    const beyond = (user: UserRecord) =>
      afterId === undefined || (query.descending ? user.user_id < afterId : user.user_id > afterId);
    const read = await Promise.all(
      group.buckets.map(
        async (b) =>
          filtered.get(b)?.filter(beyond) ??
          readBucket(scope, b, { limit, descending: query.descending, afterId }, table),
      ),
    );
    const merged = sortUsers(read.flat(), 'id', query.descending).slice(toSkip, limit);
    taken.push(...merged);
    wanted -= merged.length;
    toSkip = 0;
  }
  const page = taken.slice(0, query.itemsPerPage);
  const more = taken.length > query.itemsPerPage;
  return { users: page, total, nextKey: more ? userKey(page[page.length - 1]!, query.sortBy) : null };
}
