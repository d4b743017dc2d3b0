import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { log } from '../log.js';
import { USER_STATUSES, USER_TYPES, type UserStatus, type UserType } from '../entities/users.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { db } from './client.js';
import { nextId } from './counters.js';
import { queryAll, queryPages } from './query.js';
import { GSI1, keys, padId } from './keys.js';
import { withoutKeys, type LinkRecord, type LoginRecord, type UserRecord } from './records.js';
import { ConditionFailed, retryOnConditionFailed, transactWrite, type TransactItem } from './transact.js';

const table = () => config().tableName;

export const DUPLICATE_EMAIL = 'The username or email you have chosen already exists. Please try another one.';
const duplicateEmail = () => new ValidationError(DUPLICATE_EMAIL, [{ field: 'email', message: DUPLICATE_EMAIL }]);

export interface NewUser {
  email: string;
  user_type: UserType;
  status: UserStatus;
  firstname: string;
  lastname: string;
  company_id: number;
  is_root: 'Y' | 'N';
  /** Set by the admin command line and the bootstrap only. */
  key_hash?: string;
}

export type UserChanges = Partial<Pick<UserRecord, 'email' | 'status' | 'firstname' | 'lastname' | 'company_id' | 'is_root'>>;

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
export async function createUser(input: NewUser): Promise<UserRecord> {
  const user: UserRecord = {
    user_id: await nextId('user'),
    email: input.email,
    email_lc: input.email.toLowerCase(),
    user_type: input.user_type,
    status: input.status,
    firstname: input.firstname,
    lastname: input.lastname,
    company_id: input.company_id,
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
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed.includes(1)) throw duplicateEmail();
    throw error;
  }
  return user;
}

export async function getUser(userId: number): Promise<UserRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: keys.userProfile(userId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<UserRecord>(Item) : undefined;
}

export async function getLogin(emailLower: string): Promise<LoginRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: keys.login(emailLower), ConsistentRead: true }),
  );
  return Item ? withoutKeys<LoginRecord>(Item) : undefined;
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
export async function updateUser(userId: number, decide: (current: UserRecord) => UserChanges): Promise<UserRecord> {
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
    try {
      await transactWrite(items);
    } catch (error) {
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

/** BatchWriteItem deletes, 25 at a time, retrying unprocessed keys. */
export async function deleteItems(itemKeys: Array<{ pk: string; sk: string }>): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests: Record<string, Array<Record<string, unknown>>> | undefined = {
      [table()]: itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
    };
    for (let attempt = 0; requests && Object.keys(requests).length > 0 && attempt < 8; attempt++) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = result.UnprocessedItems as typeof requests;
    }
  }
}

export interface UserListQuery {
  user_type?: UserType;
  status?: UserStatus;
  email?: string;
  page: number;
  itemsPerPage: number;
  descending: boolean;
}

/**
 * GET /users. Users live in GSI1 partitions by (user_type, status); a page is a
 * merge of the matching partitions, each read only as far as the page needs, so
 * the work follows the page, not the table. Totals come from per-bucket counters.
 */
export async function listUsers(query: UserListQuery): Promise<{ users: UserRecord[]; total: number }> {
  if (query.email !== undefined) return listByEmail(query);
  const buckets = USER_TYPES.filter((t) => !query.user_type || t === query.user_type).flatMap((userType) =>
    USER_STATUSES.filter((s) => !query.status || s === query.status).map((status) => ({ userType, status })),
  );
  const counts = await bucketCounts();
  const nonEmpty = buckets.filter(({ userType, status }) => (counts.get(`${userType}#${status}`) ?? 0) > 0);
  const total = nonEmpty.reduce((sum, { userType, status }) => sum + (counts.get(`${userType}#${status}`) ?? 0), 0);
  const needed = query.page * query.itemsPerPage;
  const offset = needed - query.itemsPerPage;
  if (offset >= total) return { users: [], total };
  const partitions = await Promise.all(
    nonEmpty.map(({ userType, status }) => readBucket(keys.usersBucket(userType, status), needed, query.descending)),
  );
  const merged = partitions.flat().sort((a, b) => (query.descending ? b.user_id - a.user_id : a.user_id - b.user_id));
  return { users: merged.slice(offset, needed), total };
}

async function listByEmail(query: UserListQuery): Promise<{ users: UserRecord[]; total: number }> {
  const user = await getUserByEmail(query.email ?? '');
  const matches =
    user && (!query.user_type || user.user_type === query.user_type) && (!query.status || user.status === query.status);
  const users = matches ? [user] : [];
  return { users: query.page === 1 ? users : [], total: users.length };
}

async function bucketCounts(): Promise<Map<string, number>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userStatsPartition },
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [String(item.sk), Number(item.count ?? 0)]));
}

async function readBucket(partition: string, limit: number, descending: boolean): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  const pages = queryPages({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: !descending,
    Limit: limit,
  });
  for await (const page of pages) {
    users.push(...page.map((item) => withoutKeys<UserRecord>(item)));
    if (users.length >= limit) break;
  }
  return users.slice(0, limit);
}

/** True when no user exists yet (the bootstrap's "empty database"). */
export async function hasAnyUser(): Promise<boolean> {
  const counts = await bucketCounts();
  return [...counts.values()].some((count) => count > 0);
}
