import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';
import { isConditionalFailure, readItem } from './items.js';
import { ConditionFailed, retryOnConditionFailed } from './transact.js';

/**
 * Small documents that belong to one shopper and are only ever read and written whole, by that shopper: the wish
 * list (lib/operations/storefront-account/wish-list.ts). One item each, `<KIND>#<user_id>` /
 * `<KIND>`, so a read is one GetItem and a write one conditional PutItem (or DeleteItem) on the version read: two
 * requests of one shopper never lose each other's change. A document stays small (its operations bound it), far
 * below DynamoDB's 400 KB item limit.
 */

export type UserDocumentKind = 'WISHLIST';

export interface UserDocument {
  version: number;
  [field: string]: unknown;
}

const documentKey = (kind: UserDocumentKind, userId: number) => ({ pk: `${kind}#${userId}`, sk: kind });

/** The shopper's document, or undefined when there is none (a document that was never written or was emptied). */
export async function readUserDocument(kind: UserDocumentKind, userId: number): Promise<UserDocument | undefined> {
  const item = await readItem(documentKey(kind, userId));
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, ...document } = item;
  return document as UserDocument;
}

/**
 * Writes the shopper's document: `decide` sees it as it is (undefined: none) on every attempt and answers its new
 * fields, or undefined to delete it; it may throw to refuse, and then nothing is written. Conditioned on the version
 * read, retried when another request wrote in between.
 */
export async function writeUserDocument(
  kind: UserDocumentKind,
  userId: number,
  decide: (
    current: UserDocument | undefined,
  ) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined,
): Promise<UserDocument | undefined> {
  const key = documentKey(kind, userId);
  return retryOnConditionFailed(async () => {
    const current = await readUserDocument(kind, userId);
    const fields = await decide(current);
    const condition = current
      ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    const next = fields && { ...fields, version: (current?.version ?? 0) + 1 };
    try {
      if (next)
        await db().send(new PutCommand({ TableName: config().tableName, Item: { ...key, ...next }, ...condition }));
      else if (current) await db().send(new DeleteCommand({ TableName: config().tableName, Key: key, ...condition }));
    } catch (error) {
      if (isConditionalFailure(error)) throw new ConditionFailed([0]);
      throw error;
    }
    return next;
  });
}
