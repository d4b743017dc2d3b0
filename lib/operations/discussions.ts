import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from '../db/client.js';
import { nextId } from '../db/counters.js';
import { entityKeys } from '../db/entity-keys.js';
import { idsInIndex, type ListCondition } from '../db/entity-list.js';
import { deleteRecord } from '../db/entity-store.js';
import { discussionsEntity } from '../entities/discussions.js';
import type { FieldValues } from '../entities/validate.js';
import { type FieldError, NotFoundError, ValidationError } from '../errors.js';
import { parseId } from '../http/route.js';
import type { ApiRequest } from '../stack/request.js';
import type { EntityHooks } from './crud.js';

const table = () => config().tableName;
const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The storage of the objects a post may be about; E (testimonials) has none, its object_id is 0. */
const OBJECT_STORAGE: Record<string, string | undefined> = { P: 'product', C: 'category', A: 'page', O: 'order' };

/**
 * Threads: one per object, created with its first post. Two small items, written before the post:
 * `DISCUSSIONTHREAD#<id>` (what the thread is about) and `DISCUSSIONTHREAD#<type>#<object_id>` (the
 * thread of an object, put only if absent, so concurrent first posts share one thread).
 */
const threadKey = (id: number) => ({ pk: `DISCUSSIONTHREAD#${id}`, sk: 'THREAD' });
const objectThreadKey = (type: string, objectId: number) => ({
  pk: `DISCUSSIONTHREAD#${type}#${objectId}`,
  sk: 'THREAD',
});

async function getItem(key: { pk: string; sk: string }) {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return Item;
}

/** The thread of an object, if it has one (0 when not). */
export async function threadOf(type: string, objectId: number): Promise<number> {
  return Number((await getItem(objectThreadKey(type, objectId)))?.thread_id ?? 0);
}

async function threadFor(type: string, objectId: number): Promise<number> {
  const existing = await threadOf(type, objectId);
  if (existing) return existing;
  const id = await nextId('discussion_thread');
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...threadKey(id), thread_id: id, object_type: type, object_id: objectId },
    }),
  );
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...objectThreadKey(type, objectId), thread_id: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return id;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    return threadOf(type, objectId);
  }
}

/** The object a post is about must exist: its record (a product for P), or object_id 0 for E. */
async function objectOf(type: string, objectId: number): Promise<Record<string, unknown> | undefined> {
  const storage = OBJECT_STORAGE[type];
  if (!storage) return objectId === 0 ? {} : undefined;
  return getItem(entityKeys.record(storage, objectId));
}

/** POST: the thread or the object (object_type, object_id, name), then message or rating_value; the object must exist. */
async function newPost(values: FieldValues, request: ApiRequest): Promise<FieldValues> {
  const body = request.body ?? {};
  let type: string;
  let objectId: number;
  if (!blank(body.thread_id)) {
    const thread = await getItem(threadKey(Number(values.thread_id)));
    if (!thread) throw invalid('thread_id', 'The thread_id field names a thread that does not exist');
    type = String(thread.object_type);
    objectId = Number(thread.object_id);
  } else {
    const missing: FieldError[] = ['object_type', 'object_id', 'name']
      .filter((field) => blank(body[field]))
      .map((field) => ({ field, message: `The ${field} field is required` }));
    if (missing.length > 0) throw ValidationError.forFields(missing);
    type = String(values.object_type);
    objectId = Number(values.object_id);
  }
  if (blank(body.message) && blank(body.rating_value)) {
    throw ValidationError.forFields([{ field: 'rating_value', message: 'The rating_value/message field is required' }]);
  }
  checkRating(values);
  const object = await objectOf(type, objectId);
  if (!object) throw invalid('object_id', `The object_id field names no object of type ${type}`);
  return {
    ...values,
    object_type: type,
    object_id: objectId,
    thread_id: await threadFor(type, objectId),
    user_id: request.caller.userId,
    ip_address: request.sourceIp ?? '',
    company_id: Number(object.company_id ?? 0),
  };
}

function checkRating(values: FieldValues): void {
  if (values.rating_value !== undefined && Number(values.rating_value) > 5)
    throw invalid('rating_value', 'The rating_value field must be between 0 and 5');
}

export const discussionHooks: EntityHooks<typeof discussionsEntity> = {
  create: newPost,
  update: (changes) => {
    checkRating(changes);
    return changes;
  },
  // The object is proved again in the post's transaction, so a post never outlives a concurrent delete of it.
  extraItems: () => (record) => {
    const storage = OBJECT_STORAGE[String(record.object_type)];
    if (!storage || record.version !== 1) return { items: [] };
    return {
      items: [
        {
          ConditionCheck: {
            TableName: table(),
            Key: entityKeys.record(storage, Number(record.object_id)),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      explain: () => invalid('object_id', `The object_id field names no object of type ${String(record.object_type)}`),
    };
  },
};

async function productOf(request: ApiRequest): Promise<number> {
  const productId = parseId(request.route.id);
  if (!(await getItem(entityKeys.record('product', productId)))) throw new NotFoundError();
  return productId;
}

/** `/products/:id/discussions`: list and POST forced to that product; 404 for an unknown product. */
export const productDiscussionHooks: EntityHooks<typeof discussionsEntity> = {
  ...discussionHooks,
  scope: async (request): Promise<ListCondition[]> => {
    const thread = await threadOf('P', await productOf(request));
    // No thread yet: no posts (thread 0 has none).
    return [{ rule: { field: 'thread_id', op: 'eq' }, values: [thread] }];
  },
  create: async (values, request) => {
    const productId = await productOf(request);
    const { thread_id: _ignored, ...sent } = request.body ?? {};
    const body = { ...sent, object_type: 'P', object_id: productId };
    return newPost({ ...values, object_type: 'P', object_id: productId, thread_id: 0 }, { ...request, body });
  },
};

/**
 * Deleting an object deletes its posts and its thread (CS-Cart deletes an object's discussion with it). Runs
 * after the object's delete; a post created meanwhile fails its ConditionCheck on the object, so none is left.
 */
export async function deletePostsOf(type: string, objectId: number): Promise<void> {
  const thread = await threadOf(type, objectId);
  if (!thread) return;
  for (const id of await idsInIndex(discussionsEntity, 'thread_id', thread)) {
    try {
      await deleteRecord(discussionsEntity, id);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  await db().send(new DeleteCommand({ TableName: table(), Key: objectThreadKey(type, objectId) }));
  await db().send(new DeleteCommand({ TableName: table(), Key: threadKey(thread) }));
}
