import { config } from '../config.js';
import { log } from '../log.js';
import { storesEntity } from '../entities/companies.js';
import { USER_STATUSES, USER_TYPES, type UserSort, type UserStatus, type UserType } from '../entities/users.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { batchGet } from './batch-get.js';
import { deleteItems } from './batch-write.js';
import { nextId } from './counters.js';
import { entityKeys } from './entity-keys.js';
import { readItem } from './items.js';
import { queryAll, queryPages } from './query.js';
import { GSI1, keys, padId } from './keys.js';
import { withoutKeys, type LinkRecord, type LoginRecord, type UserRecord } from './records.js';
import { parseTupleKey, tupleKey } from './tuple-key.js';
import { ConditionFailed, retryOnConditionFailed, transactWrite, type TransactItem } from './transact.js';

const table = () => config().tableName;

export const DUPLICATE_EMAIL = 'The username or email you have chosen already exists. Please try another one.';
const duplicateEmail = () => new ValidationError(DUPLICATE_EMAIL, [{ field: 'email', message: DUPLICATE_EMAIL }]);

export const UNKNOWN_COMPANY = 'The company_id field names a company that does not exist';
const unknownCompany = () => new ValidationError(UNKNOWN_COMPANY, [{ field: 'company_id', message: UNKNOWN_COMPANY }]);

/** Companies are records of the generic entity store (stores and vendors share them, SPEC §10). */
export const companyKey = (companyId: number) => entityKeys.record(storesEntity.storage, companyId);

/** Proves, inside a user's write transaction, that the company named exists (so a concurrent delete cannot slip between). */
function companyExists(companyId: number): TransactItem {
  return { ConditionCheck: { TableName: table(), Key: companyKey(companyId), ConditionExpression: 'attribute_exists(pk)' } };
}

export interface WriteOptions {
  /**
   * A non-zero company_id being written must name an existing company (400 naming company_id otherwise).
   * The API asks for it; the admin command line and the bootstrap do not.
   */
  companyMustExist?: boolean;
}

export interface NewUser {
  email: string;
  user_type: UserType;
  status: UserStatus;
  firstname: string;
  lastname: string;
  company_id: number;
  company?: string;
  phone?: string;
  is_root: 'Y' | 'N';
  /** Set by the admin command line and the bootstrap only. */
  key_hash?: string;
}

export type UserChanges = Partial<Pick<UserRecord, 'email' | 'status' | 'firstname' | 'lastname' | 'company_id' | 'company' | 'phone' | 'is_root'>>;

function profileItem(user: UserRecord): Record<string, unknown> {
  return {
    ...keys.userProfile(user.user_id),
    gsi1pk: keys.usersBucket(user.user_type, user.status),
    gsi1sk: padId(user.user_id),
    ...user,
  };
}

function loginItem(login: LoginRecord): Record<string, unknown> {
  return { ...keys.login(login.email_lc), ...login };
}

function loginFor(user: UserRecord, previous?: LoginRecord): LoginRecord {
  return {
    user_id: user.user_id,
    email_lc: user.email_lc,
    key_hash: previous?.key_hash,
    password_hash: previous?.password_hash,
    user_type: user.user_type,
    status: user.status,
    is_root: user.is_root,
    company_id: user.company_id,
    active_groups: previous?.active_groups,
    version: (previous?.version ?? 0) + 1,
  };
}

function statsDelta(userType: string, status: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.userStats(userType, status),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** POST /users and the admin tool: profile, login and bucket count in one transaction (e-mail unique, no race). */
export async function createUser(input: NewUser, options: WriteOptions = {}): Promise<UserRecord> {
  const user: UserRecord = {
    user_id: await nextId('user'),
    email: input.email,
    email_lc: input.email.toLowerCase(),
    user_type: input.user_type,
    status: input.status,
    firstname: input.firstname,
    lastname: input.lastname,
    company_id: input.company_id,
    ...(input.company !== undefined ? { company: input.company } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    is_root: input.is_root,
    timestamp: Math.floor(Date.now() / 1000),
    version: 1,
  };
  const login = { ...loginFor(user), key_hash: input.key_hash };
  try {
    await transactWrite([
      { Put: { TableName: table(), Item: profileItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: table(), Item: loginItem(login), ConditionExpression: 'attribute_not_exists(pk)' } },
      statsDelta(user.user_type, user.status, 1),
      ...(options.companyMustExist && user.company_id > 0 ? [companyExists(user.company_id)] : []),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed.includes(1)) throw duplicateEmail();
    if (error instanceof ConditionFailed && error.failed.includes(3)) throw unknownCompany();
    throw error;
  }
  return user;
}

export async function getUser(userId: number): Promise<UserRecord | undefined> {
  const item = await readItem(keys.userProfile(userId));
  return item ? withoutKeys<UserRecord>(item) : undefined;
}

export async function getLogin(emailLower: string): Promise<LoginRecord | undefined> {
  const item = await readItem(keys.login(emailLower));
  return item ? withoutKeys<LoginRecord>(item) : undefined;
}

export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const login = await getLogin(email.trim().toLowerCase());
  return login ? getUser(login.user_id) : undefined;
}

/** The user partition: the profile and every group link, in one strongly consistent Query. */
export async function getUserWithLinks(userId: number): Promise<{ user?: UserRecord; links: LinkRecord[] }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ConsistentRead: true,
  });
  const profile = items.find((item) => item.sk === 'PROFILE');
  const links = items.filter((item) => String(item.sk).startsWith(keys.linkPrefix)).map((item) => withoutKeys<LinkRecord>(item));
  return { user: profile ? withoutKeys<UserRecord>(profile) : undefined, links };
}

/**
 * Applies a partial change to a user (PUT /users/:id, the admin tool).
 * `decide` sees the current record on every attempt, may throw (guards,
 * validation) and returns the changes. Profile, login and bucket counts change
 * in one transaction conditioned on the version read, so concurrent writers
 * never lose an update.
 */
export async function updateUser(
  userId: number,
  decide: (current: UserRecord) => UserChanges,
  options: WriteOptions = {},
): Promise<UserRecord> {
  return retryOnConditionFailed(async () => {
    const current = await getUser(userId);
    if (!current) throw new NotFoundError('The User not found');
    const changes = decide(current);
    const next: UserRecord = { ...current, ...changes, version: current.version + 1 };
    next.email_lc = next.email.toLowerCase();
    const previousLogin = await getLogin(current.email_lc);
    if (!previousLogin || previousLogin.user_id !== userId) throw new ConditionFailed([1]);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: table(),
          Item: profileItem(next),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
    ];
    const emailChanged = next.email_lc !== current.email_lc;
    items.push({
      Delete: {
        TableName: table(),
        Key: keys.login(current.email_lc),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': previousLogin.version },
      },
    });
    if (!emailChanged) items.pop();
    items.push({
      Put: {
        TableName: table(),
        Item: loginItem(loginFor(next, previousLogin)),
        ConditionExpression: emailChanged ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(emailChanged ? {} : { ExpressionAttributeValues: { ':version': previousLogin.version } }),
      },
    });
    if (next.status !== current.status) {
      items.push(statsDelta(current.user_type, current.status, -1), statsDelta(next.user_type, next.status, 1));
    }
    // Only a new company needs proving: a user may keep a company that has gone since.
    const companyCheck = options.companyMustExist && next.company_id > 0 && next.company_id !== current.company_id ? items.length : -1;
    if (companyCheck >= 0) items.push(companyExists(next.company_id));
    try {
      await transactWrite(items);
    } catch (error) {
      if (error instanceof ConditionFailed && error.failed.includes(companyCheck)) throw unknownCompany();
      // The new e-mail's login item already exists: someone else has that address.
      if (emailChanged && error instanceof ConditionFailed && error.failed.includes(2)) {
        const owner = await getLogin(next.email_lc);
        if (owner && owner.user_id !== userId) throw duplicateEmail();
      }
      throw error;
    }
    return next;
  });
}

/** Sets or clears the API key hash (admin tool). */
export async function setApiKeyHash(userId: number, keyHash: string | undefined): Promise<void> {
  await retryOnConditionFailed(async () => {
    const user = await getUser(userId);
    if (!user) throw new NotFoundError('The User not found');
    const login = await getLogin(user.email_lc);
    if (!login || login.user_id !== userId) throw new ConditionFailed([0]);
    await transactWrite([
      {
        Put: {
          TableName: table(),
          Item: loginItem({ ...login, key_hash: keyHash, version: login.version + 1 }),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': login.version },
        },
      },
    ]);
  });
}

// One transaction holds at most 100 items: profile, login and bucket count leave room for this many links.
const LINKS_IN_DELETE_TRANSACTION = 90;

/** DELETE /users/:id: the profile, login, count and the user's links go together. */
export async function deleteUser(userId: number, check: (current: UserRecord) => void = () => {}): Promise<void> {
  const leftover = await retryOnConditionFailed(async () => {
    const { user, links } = await getUserWithLinks(userId);
    if (!user) throw new NotFoundError('The User not found');
    check(user);
    // Every link write bumps the login item's version: conditioning on it makes a link written after the
    // partition was read fail this transaction, and the retry then takes that link along too.
    const login = await getLogin(user.email_lc);
    if (!login || login.user_id !== userId) throw new ConditionFailed([1]);
    const inTransaction = links.slice(0, LINKS_IN_DELETE_TRANSACTION);
    await transactWrite([
      {
        Delete: {
          TableName: table(),
          Key: keys.userProfile(userId),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': user.version },
        },
      },
      {
        Delete: {
          TableName: table(),
          Key: keys.login(user.email_lc),
          ConditionExpression: 'user_id = :uid AND version = :version',
          ExpressionAttributeValues: { ':uid': userId, ':version': login.version },
        },
      },
      statsDelta(user.user_type, user.status, -1),
      ...inTransaction.map((link) => ({
        Delete: { TableName: table(), Key: keys.link(userId, link.usergroup_id) },
      })),
    ]);
    return links.slice(LINKS_IN_DELETE_TRANSACTION);
  });
  // Links beyond one transaction: the user is gone, so no response can show them any more, and a failed
  // cleanup must not turn the committed delete into an error.
  await deleteItems(leftover.map((link) => keys.link(userId, link.usergroup_id))).catch((error: unknown) =>
    log('warn', 'user link cleanup stopped', { userId, error: String(error) }),
  );
}

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

export function sortUsers(users: UserRecord[], sortBy: UserSort, descending: boolean): UserRecord[] {
  const value = SORT_VALUES[sortBy];
  const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...users].sort((a, b) => {
    const compared = order(value(a), value(b)) || a.user_id - b.user_id;
    return descending ? -compared : compared;
  });
}

/** Profiles by id in one BatchGetItem per 100, in the order of `ids`; missing ones are left out. */
export async function getUsers(ids: readonly number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const lookup = await batchGet(ids.map((id) => keys.userProfile(id)));
  return ids.flatMap((id) => {
    const item = lookup(keys.userProfile(id));
    return item ? [withoutKeys<UserRecord>(item)] : [];
  });
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
      const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
      start = matching.findIndex((user) => {
        const compared = order(SORT_VALUES[query.sortBy](user), value) || user.user_id - id;
        return (query.descending ? -compared : compared) > 0;
      });
      if (start < 0) start = matching.length;
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

async function bucketCounts(): Promise<Map<string, number>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userStatsPartition },
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [String(item.sk), Number(item.count ?? 0)]));
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
  const users: UserRecord[] = [];
  const pages = queryPages({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition, ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ScanIndexForward: !descending,
    ...(limit !== undefined ? { Limit: limit } : {}),
  });
  for await (const page of pages) {
    users.push(...page.map((item) => withoutKeys<UserRecord>(item)));
    if (limit !== undefined && users.length >= limit) break;
  }
  return limit === undefined ? users : users.slice(0, limit);
}

/** True when no user exists yet (the bootstrap's "empty database"). */
export async function hasAnyUser(): Promise<boolean> {
  const counts = await bucketCounts();
  return [...counts.values()].some((count) => count > 0);
}
