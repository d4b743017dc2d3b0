import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalFailure } from './items.js';
import { TTL_ATTRIBUTE } from './schema.js';
import type { TableTarget } from './table-target.js';

/** How long a login key of POST /auth may be used: a day, as CS-Cart's e-keys. */
export const LOGIN_KEY_LIFETIME_SECONDS = 24 * 60 * 60;

/** The item of one login key: only the SHA-256 of the key is in the key (and nowhere else). */
export const loginKeyItemKey = (keyHash: string) => ({ pk: `EKEY#${keyHash}`, sk: 'EKEY' });

/**
 * Stores a new login key for a user by its hash (the caller hashes the key with lib/auth/api-keys.ts:
 * storage never sees a key): the hash, the user, when it was made and when it expires. The expiry
 * is also the table's TTL attribute, so DynamoDB deletes the item some time after it has expired; until
 * then `redeemLoginKey` refuses it by the same time.
 */
export async function storeLoginKey(
  keyHash: string,
  userId: number,
  table: TableTarget,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...loginKeyItemKey(keyHash),
        user_id: userId,
        created_at: nowSeconds,
        [TTL_ATTRIBUTE]: nowSeconds + LOGIN_KEY_LIFETIME_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Uses a login key once, given its hash (what a storefront's `auth.ekey_login` does with it): deletes
 * the item if it exists and has not expired, and answers its user; an unknown, used or expired key answers undefined.
 */
export async function redeemLoginKey(
  keyHash: string,
  table: TableTarget,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<number | undefined> {
  try {
    const { Attributes } = await table.client.send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: loginKeyItemKey(keyHash),
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': nowSeconds },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? Number(Attributes.user_id) : undefined;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
}
