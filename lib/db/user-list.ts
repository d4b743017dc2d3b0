import { USER_STATUSES, USER_TYPES, type UserSort, type UserStatus, type UserType } from '../entities/users.js';
import { batchGetInOrder } from './batch-get.js';
import { queryFirst } from './query.js';
import { GSI1, keys } from './keys.js';
import { withoutKeys, type UserRecord } from './records.js';
import { firstBeyond, parseTupleKey, tupleKey } from './tuple-key.js';
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
  /** Case-insensitive substring of "firstname lastname" (CS-Cart's `name`). */
  name?: string;
  /** Case-insensitive substring of the phone. */
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
  const has = (text: string | undefined, part: string) => (text ?? '').toLowerCase().includes(part.trim().toLowerCase());
  return (
    (filters.user_type === undefined || user.user_type === filters.user_type) &&
    (filters.status === undefined || user.status === filters.status) &&
    (filters.email === undefined || user.email_lc === filters.email.trim().toLowerCase()) &&
    (filters.ids === undefined || filters.ids.includes(user.user_id)) &&
    (filters.name === undefined || has(`${user.firstname} ${user.lastname}`, filters.name)) &&
    (filters.phone === undefined || has(user.phone, filters.phone)) &&
    (filters.company_id === undefined || user.company_id === filters.company_id) &&
    (filters.is_root === undefined || user.is_root === filters.is_root)
  );
}

const lower = (text: string | undefined) => (text ?? '').toLowerCase();

/**
 * The value each `sort_by` orders by; ties fall to the id. `username` is the login as shown
 * (`user_<id>`, compared as text, as CS-Cart compares logins), `name` is lastname then firstname
 * (CS-Cart's order), text is compared case-insensitively, and `last_login` is "0" for everyone.
 */
const SORT_VALUES: Record<UserSort, (user: UserRecord) => string | number> = {
  id: (user) => user.user_id,
  username: (user) => `user_${user.user_id}`,
  email: (user) => user.email_lc,
  name: (user) => `${lower(user.lastname)}\u0000${lower(user.firstname)}`,
  date: (user) => user.timestamp,
  type: (user) => user.user_type,
  status: (user) => user.status,
  phone: (user) => lower(user.phone),
  last_login: () => 0,
};

const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** Where `user` falls against the position (sort value, id) in the list's order: negative before, positive after. */
function compareTo(user: UserRecord, sortBy: UserSort, descending: boolean, value: string | number, id: number): number {
  const compared = order(SORT_VALUES[sortBy](user), value) || user.user_id - id;
  return descending ? -compared : compared;
}

export function sortUsers(users: UserRecord[], sortBy: UserSort, descending: boolean): UserRecord[] {
  const value = SORT_VALUES[sortBy];
  return [...users].sort((a, b) => compareTo(a, sortBy, descending, value(b), b.user_id));
}

/** Profiles by id in one BatchGetItem per 100, in the order of `ids`; missing ones are left out. */
export async function getUsers(ids: readonly number[]): Promise<UserRecord[]> {
  return (await batchGetInOrder(ids.map((id) => keys.userProfile(id)))).map((item) => withoutKeys<UserRecord>(item));
}

/** Filters that the (user_type, status) buckets and their counters answer by themselves. */
const needsMatching = (query: UserFilters) =>
  query.name !== undefined || query.phone !== undefined || query.company_id !== undefined || query.is_root !== undefined;

/**
 * GET /users (docs/data-model.md "Access patterns"). Users live in GSI1 partitions by
 * (user_type, status). The cheapest of three ways is taken:
 * 1. an e-mail or ids name the candidates: the login item and profile, or one BatchGetItem of at
 *    most 100 profiles; the other filters and the sort apply to those;
 * 2. sorted by id, filtered at most by user_type and status: a page is a merge of the matching
 *    buckets, each read only as far as the page needs, and totals come from per-bucket counters,
 *    so the work follows the page, not the table;
 * 3. anything else (name, phone, company_id, is_root, another sort): the matching buckets are read
 *    whole, in parallel (company_id and is_root as a FilterExpression, is_root=Y from the administrator
 *    buckets only), then filtered, sorted and cut in memory — cost grows with those buckets.
 */
export async function listUsers(query: UserListQuery): Promise<{ users: UserRecord[]; total: number; nextKey: string | null }> {
  const offset = (query.page - 1) * query.itemsPerPage;
  const pageOf = (users: UserRecord[]) => {
    const matching = sortUsers(users.filter((user) => matchesUser(user, query)), query.sortBy, query.descending);
    let start = offset;
    if (query.after !== undefined) {
      // Keyset: the first user beyond the cursor's (value, id) in this order.
      const [value, id] = parseTupleKey(query.after, ['string', 'number']);
      start = firstBeyond(matching, (user) => compareTo(user, query.sortBy, query.descending, value, id) > 0);
    }
    const page = matching.slice(start, start + query.itemsPerPage);
    const more = matching.length > start + query.itemsPerPage;
    return { users: page, total: matching.length, nextKey: more ? userKey(page[page.length - 1]!, query.sortBy) : null };
  };
  if (query.email !== undefined) {
    const user = await getUserByEmail(query.email);
    return pageOf(user ? [user] : []);
  }
  if (query.ids !== undefined) return pageOf(await getUsers(query.ids));

  // Only administrators are ever root, so is_root=Y needs only their buckets.
  const userTypes = USER_TYPES.filter((t) => (!query.user_type || t === query.user_type) && (query.is_root !== 'Y' || t === 'A'));
  const buckets = userTypes.flatMap((userType) =>
    USER_STATUSES.filter((s) => !query.status || s === query.status).map((status) => ({ userType, status })),
  );
  // A cursor page reads the whole match, as a filtered list does (the buckets are merged by id in memory).
  if (query.sortBy !== 'id' || needsMatching(query) || query.after !== undefined) {
    const filter = exactFilter(query);
    const partitions = await Promise.all(
      buckets.map(({ userType, status }) => readBucket(keys.usersBucket(userType, status), undefined, false, filter)),
    );
    return pageOf(partitions.flat());
  }

  const counts = await bucketCounts();
  const countOf = ({ userType, status }: { userType: string; status: string }) => counts.get(`${userType}#${status}`) ?? 0;
  const nonEmpty = buckets.filter((bucket) => countOf(bucket) > 0);
  const total = nonEmpty.reduce((sum, bucket) => sum + countOf(bucket), 0);
  const needed = query.page * query.itemsPerPage;
  if (offset >= total) return { users: [], total, nextKey: null };
  const partitions = await Promise.all(
    nonEmpty.map(({ userType, status }) => readBucket(keys.usersBucket(userType, status), needed, query.descending)),
  );
  const merged = sortUsers(partitions.flat(), 'id', query.descending);
  const page = merged.slice(offset, needed);
  return { users: page, total, nextKey: needed < total && page.length > 0 ? userKey(page[page.length - 1]!, 'id') : null };
}

interface BucketFilter {
  expression: string;
  values: Record<string, unknown>;
}

/**
 * The exact filters (company_id, is_root) as a FilterExpression, so DynamoDB sends back only the users that
 * match them (it still reads the whole bucket); the rest is matched in memory (case-insensitive parts).
 */
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

/** One bucket in id order, up to `limit` users (all of them without one). */
async function readBucket(partition: string, limit: number | undefined, descending: boolean, filter?: BucketFilter): Promise<UserRecord[]> {
  const items = await queryFirst(
    {
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition, ...filter?.values },
      ...(filter ? { FilterExpression: filter.expression } : {}),
      ScanIndexForward: !descending,
      ...(limit !== undefined ? { Limit: limit } : {}),
    },
    limit,
  );
  return items.map((item) => withoutKeys<UserRecord>(item));
}
