import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../errors.js';
import { isConditionalFailure } from './items.js';
import { keys } from './keys.js';
import type { LoginRecord, UserRecord } from './records.js';
import type { TableTarget } from './table-target.js';
import { ConditionFailed, retryOnConditionFailed } from './transact.js';
import { getLogin, getUser } from './users.js';

/** The credentials a login item holds: the API key's hash and the panel password's hash. */
export type CredentialChanges = Partial<Pick<LoginRecord, 'key_hash' | 'password_hash'>>;

export interface CredentialChange<T> {
  user: UserRecord;
  /** The login item as it is after the change (or as it was, when `decide` changed nothing). */
  login: LoginRecord;
  /** What `decide` returned alongside the changes. */
  outcome: T;
}

/**
 * Changes a user's credentials by compare-and-set: `decide` sees the user and the current login item on
 * every attempt (it may throw: guards, validation) and returns the changes, or nothing to leave the item as
 * it is. The write is conditioned on the login version read, so two administrators switching API access on
 * at once cannot both be shown a key: the second one re-reads, sees it on already, and gets no new key.
 * Like every login write it bumps the version, which a concurrent user delete conditions on.
 */
export async function changeCredentials<T>(
  userId: number,
  decide: (user: UserRecord, login: LoginRecord) => { changes?: CredentialChanges; outcome: T },
  table: TableTarget,
): Promise<CredentialChange<T>> {
  return retryOnConditionFailed(async () => {
    const user = await getUser(userId, table);
    if (!user) throw new NotFoundError('The User not found');
    const login = await getLogin(user.email_lc, table);
    // The e-mail is being changed right now: read both again.
    if (!login || login.user_id !== userId) throw new ConditionFailed([0]);
    const { changes, outcome } = decide(user, login);
    if (!changes) return { user, login, outcome };
    const next: LoginRecord = { ...login, ...changes, version: login.version + 1 };
    try {
      await table.client.send(
        new PutCommand({
          TableName: table.tableName,
          Item: { ...keys.login(login.email_lc), ...next },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': login.version },
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) throw new ConditionFailed([0]);
      throw error;
    }
    return { user, login: next, outcome };
  });
}

/** Sets (or with undefined, clears) the panel password hash of a user. */
export async function setPasswordHash(
  userId: number,
  passwordHash: string | undefined,
  table: TableTarget,
): Promise<UserRecord> {
  const { user } = await changeCredentials(
    userId,
    () => ({ changes: { password_hash: passwordHash }, outcome: undefined }),
    table,
  );
  return user;
}
