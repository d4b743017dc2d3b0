import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from './schema.js';
import type { TableTarget } from './table-target.js';

/** How long a storefront token of POST /auth_tokens lives: a week, CS-Cart's `ttl` (604800 s). */
export const AUTH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The item of one storefront token: only the token's SHA-256 is in the key (and nowhere else). */
export const authTokenItemKey = (tokenHash: string) => ({ pk: `AUTHTOKEN#${tokenHash}`, sk: 'AUTHTOKEN' });

/** What a token item holds besides its key: whose it is, and the password it was issued under. */
export interface AuthTokenRecord {
  user_id: number;
  email_lc: string;
  /** A digest of the password hash of the sign-in: a new password makes every older token unusable. */
  password_tag: string;
  expires_at: number;
}

/**
 * Stores a new token by its hash. The expiry is also the table's TTL attribute, so DynamoDB deletes the item
 * some time after it has expired; until then authentication refuses it by `expires_at`.
 */
export async function storeAuthToken(
  tokenHash: string,
  record: Omit<AuthTokenRecord, 'expires_at'>,
  table: TableTarget,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<AuthTokenRecord> {
  const stored: AuthTokenRecord = { ...record, expires_at: nowSeconds + AUTH_TOKEN_TTL_SECONDS };
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...authTokenItemKey(tokenHash), ...stored, [TTL_ATTRIBUTE]: stored.expires_at },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return stored;
}
