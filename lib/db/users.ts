import { storesEntity } from '../entities/companies.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { log } from '../log.js';
import { deleteItems } from './batch-write.js';
import { nextId } from './counters.js';
import { entityKeys } from './entity-keys.js';
import { readItem } from './items.js';
import { keys } from './keys.js';
import { presetTime } from './preset-ids.js';
import { queryAll } from './query.js';
import { type LinkRecord, type LoginRecord, type UserRecord, withoutKeys } from './records.js';
import type { TableTarget } from './table-target.js';
import { ConditionFailed, retryOnConditionFailed, type TransactItem, transactWrite } from './transact.js';
import { indexWrites, isIndexItem, profileItem } from './user-index.js';
import { SHARDS, type UserScope, userKeys } from './user-keys.js';
import { userPostingWrites } from './user-postings.js';

export const DUPLICATE_EMAIL = 'The username or email you have chosen already exists. Please try another one.';
const duplicateEmail = () => new ValidationError(DUPLICATE_EMAIL, [{ field: 'email', message: DUPLICATE_EMAIL }]);

export const UNKNOWN_COMPANY = 'The company_id field names a company that does not exist';
const unknownCompany = () => new ValidationError(UNKNOWN_COMPANY, [{ field: 'company_id', message: UNKNOWN_COMPANY }]);

/** Companies are records of the generic entity store (stores and vendors share them, SPEC §10). */
export const companyKey = (companyId: number) => entityKeys.record(storesEntity.storage.name, companyId);

/** Proves, inside a user's write transaction, that the company named exists (so a concurrent delete cannot slip between). */
function companyExists(companyId: number, table: TableTarget): TransactItem {
  return {
    ConditionCheck: {
      TableName: table.tableName,
      Key: companyKey(companyId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

export interface WriteOptions {
  /**
   * A non-zero company_id being written must name an existing company (400 naming company_id otherwise).
   * The API asks for it; the admin command line and the bootstrap do not.
   */
  companyMustExist?: boolean;
}

/** A user to create: the profile's own fields and, where given, the login's secrets (hashes only). */
export type NewUser = Pick<
  UserRecord,
  'email' | 'user_type' | 'status' | 'firstname' | 'lastname' | 'company_id' | 'company' | 'phone' | 'is_root'
> & {
  /** Set by the admin command line and the bootstrap only. */
  key_hash?: string;
  /** The scrypt hash of a password POST /users was given (lib/auth/passwords.ts). */
  password_hash?: string;
};

export type UserChanges = Partial<
  Pick<UserRecord, 'email' | 'status' | 'firstname' | 'lastname' | 'company_id' | 'company' | 'phone' | 'is_root'>
>;

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

/** POST /users and the admin tool: profile, login, list copies and bucket counts in one transaction (e-mail unique, no race). */
export async function createUser(input: NewUser, options: WriteOptions = {}, table: TableTarget): Promise<UserRecord> {
  const user: UserRecord = {
    user_id: await nextId('user', 0, table),
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
    timestamp: presetTime('timestamp') ?? Math.floor(Date.now() / 1000),
    version: 1,
  };
  const login = { ...loginFor(user), key_hash: input.key_hash, password_hash: input.password_hash };
  const companyCheck = options.companyMustExist && user.company_id > 0 ? [companyExists(user.company_id, table)] : [];
  try {
    await transactWrite(
      [
        {
          Put: { TableName: table.tableName, Item: profileItem(user), ConditionExpression: 'attribute_not_exists(pk)' },
        },
        {
          Put: { TableName: table.tableName, Item: loginItem(login), ConditionExpression: 'attribute_not_exists(pk)' },
        },
        ...companyCheck,
        ...indexWrites(undefined, user, table),
        ...userPostingWrites(undefined, user, table),
      ],
      table,
    );
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed.includes(1)) throw duplicateEmail();
    if (error instanceof ConditionFailed && companyCheck.length > 0 && error.failed.includes(2)) throw unknownCompany();
    throw error;
  }
  return user;
}

export async function getUser(userId: number, table: TableTarget): Promise<UserRecord | undefined> {
  const item = await readItem(keys.userProfile(userId), table);
  return item ? withoutKeys<UserRecord>(item) : undefined;
}

export async function getLogin(emailLower: string, table: TableTarget): Promise<LoginRecord | undefined> {
  const item = await readItem(keys.login(emailLower), table);
  return item ? withoutKeys<LoginRecord>(item) : undefined;
}

export async function getUserByEmail(email: string, table: TableTarget): Promise<UserRecord | undefined> {
  const login = await getLogin(email.trim().toLowerCase(), table);
  return login ? getUser(login.user_id, table) : undefined;
}

/** The user partition: the profile, every group link and the keys of the list copies, in one strongly consistent Query. */
export async function getUserWithLinks(
  userId: number,
  table: TableTarget,
): Promise<{ user?: UserRecord; links: LinkRecord[]; copies: Set<string> }> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
      ConsistentRead: true,
    },
    table,
  );
  const profile = items.find((item) => item.sk === 'PROFILE');
  const links = items
    .filter((item) => String(item.sk).startsWith(keys.linkPrefix))
    .map((item) => withoutKeys<LinkRecord>(item));
  const copies = new Set(
    items.filter((item) => isIndexItem(String(item.sk))).map((item) => `${String(item.pk)}\u0000${String(item.sk)}`),
  );
  return { user: profile ? withoutKeys<UserRecord>(profile) : undefined, links, copies };
}

/**
 * Applies a partial change to a user (PUT /users/:id, the admin tool).
 * `decide` sees the current record on every attempt, may throw (guards,
 * validation) and returns the changes. Profile, login, list copies and bucket
 * counts change in one transaction conditioned on the version read, so
 * concurrent writers never lose an update. A user written before the list
 * copies existed gets them on its first write (npm run admin -- upgrade-users).
 */
export async function updateUser(
  userId: number,
  decide: (current: UserRecord) => UserChanges,
  options: WriteOptions = {},
  table: TableTarget,
): Promise<UserRecord> {
  return retryOnConditionFailed(async () => {
    const { user: current, copies } = await getUserWithLinks(userId, table);
    if (!current) throw new NotFoundError('The User not found');
    const changes = decide(current);
    const next: UserRecord = { ...current, ...changes, version: current.version + 1 };
    next.email_lc = next.email.toLowerCase();
    const previousLogin = await getLogin(current.email_lc, table);
    if (!previousLogin || previousLogin.user_id !== userId) throw new ConditionFailed([1]);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: table.tableName,
          Item: profileItem(next),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
    ];
    const emailChanged = next.email_lc !== current.email_lc;
    items.push({
      Delete: {
        TableName: table.tableName,
        Key: keys.login(current.email_lc),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': previousLogin.version },
      },
    });
    if (!emailChanged) items.pop();
    items.push({
      Put: {
        TableName: table.tableName,
        Item: loginItem(loginFor(next, previousLogin)),
        ConditionExpression: emailChanged ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(emailChanged ? {} : { ExpressionAttributeValues: { ':version': previousLogin.version } }),
      },
    });
    // Only a new company needs proving: a user may keep a company that has gone since.
    const companyCheck =
      options.companyMustExist && next.company_id > 0 && next.company_id !== current.company_id ? items.length : -1;
    if (companyCheck >= 0) items.push(companyExists(next.company_id, table));
    items.push(...indexWrites({ user: current, copies }, next, table), ...userPostingWrites(current, next, table));
    try {
      await transactWrite(items, table);
    } catch (error) {
      if (error instanceof ConditionFailed && error.failed.includes(companyCheck)) throw unknownCompany();
      // The new e-mail's login item already exists: someone else has that address.
      if (emailChanged && error instanceof ConditionFailed && error.failed.includes(2)) {
        const owner = await getLogin(next.email_lc, table);
        if (owner && owner.user_id !== userId) throw duplicateEmail();
      }
      throw error;
    }
    return next;
  });
}

/** Sets or clears the API key hash (admin tool). */
export async function setApiKeyHash(userId: number, keyHash: string | undefined, table: TableTarget): Promise<void> {
  await retryOnConditionFailed(async () => {
    const user = await getUser(userId, table);
    if (!user) throw new NotFoundError('The User not found');
    const login = await getLogin(user.email_lc, table);
    if (!login || login.user_id !== userId) throw new ConditionFailed([0]);
    await transactWrite(
      [
        {
          Put: {
            TableName: table.tableName,
            Item: loginItem({ ...login, key_hash: keyHash, version: login.version + 1 }),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': login.version },
          },
        },
      ],
      table,
    );
  });
}

// One transaction holds at most 100 items: profile, login, list copies (at most 24: company, 18 words, 5 sorts) and
// counts leave room for this many links (posting updates beyond 100 go in a transaction of their own: lib/db/transact.ts).
const LINKS_IN_DELETE_TRANSACTION = 70;

/** DELETE /users/:id: the profile, login, list copies, counts and the user's links go together. */
export async function deleteUser(
  userId: number,
  check: (current: UserRecord) => void = () => {},
  table: TableTarget,
): Promise<void> {
  const leftover = await retryOnConditionFailed(async () => {
    const { user, links, copies } = await getUserWithLinks(userId, table);
    if (!user) throw new NotFoundError('The User not found');
    check(user);
    // Every link write bumps the login item's version: conditioning on it makes a link written after the
    // partition was read fail this transaction, and the retry then takes that link along too.
    const login = await getLogin(user.email_lc, table);
    if (!login || login.user_id !== userId) throw new ConditionFailed([1]);
    const inTransaction = links.slice(0, LINKS_IN_DELETE_TRANSACTION);
    await transactWrite(
      [
        {
          Delete: {
            TableName: table.tableName,
            Key: keys.userProfile(userId),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': user.version },
          },
        },
        {
          Delete: {
            TableName: table.tableName,
            Key: keys.login(user.email_lc),
            ConditionExpression: 'user_id = :uid AND version = :version',
            ExpressionAttributeValues: { ':uid': userId, ':version': login.version },
          },
        },
        ...indexWrites({ user, copies }, undefined, table),
        ...userPostingWrites(user, undefined, table),
        ...inTransaction.map((link) => ({
          Delete: { TableName: table.tableName, Key: keys.link(userId, link.usergroup_id) },
        })),
      ],
      table,
    );
    return links.slice(LINKS_IN_DELETE_TRANSACTION);
  });
  // Links beyond one transaction: the user is gone, so no response can show them any more, and a failed
  // cleanup must not turn the committed delete into an error.
  await deleteItems(
    leftover.map((link) => keys.link(userId, link.usergroup_id)),
    table,
  ).catch((error: unknown) => log('warn', 'user link cleanup stopped', { userId, error: String(error) }));
}

/**
 * Users per (user_type, status) bucket of a scope (all users, or one company's), from the counts every write
 * keeps (key `<type>#<status>`): one Query per shard, in parallel, summed.
 */
export async function bucketCounts(scope: UserScope = {}, table: TableTarget): Promise<Map<string, number>> {
  const shards = await Promise.all(
    SHARDS.map((shard) =>
      queryAll(
        {
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': userKeys.statsPartition(scope, shard) },
          ConsistentRead: true,
        },
        table,
      ),
    ),
  );
  const counts = new Map<string, number>();
  for (const item of shards.flat())
    counts.set(String(item.sk), (counts.get(String(item.sk)) ?? 0) + Number(item.count ?? 0));
  return counts;
}

/** True when no user exists yet (the bootstrap's "empty database"). */
export async function hasAnyUser(table: TableTarget): Promise<boolean> {
  const counts = await bucketCounts({}, table);
  return [...counts.values()].some((count) => count > 0);
}
