import { nextId } from '../../db/counters.js';
import { entityKeys } from '../../db/entity-keys.js';
import { idsInIndex } from '../../db/entity-list.js';
import { deleteRecord } from '../../db/entity-store.js';
import { deleteItem, isConditionalFailure, readItem, writeItem } from '../../db/items.js';
import type { TableContext } from '../../db/table-context.js';
import type { TransactItem } from '../../db/transact.js';
import { type DiscussionObjectType, discussionsEntity } from '../../entities/discussions.js';
import { NotFoundError } from '../../errors.js';

/** A discussed object's record as a post reads it: every record that has a company stores its id as a number. */
export type DiscussedObject = { company_id?: number };

/** What a thread is about: `P` and a product id, `E` (testimonials) and 0, … */
export interface Thread {
  objectType: DiscussionObjectType;
  objectId: number;
}

/**
 * What the discussion operations need of storage, one aggregate: the threads (one per object, made with its first
 * post), the records of the objects posts are about, and an object's posts when it is deleted. The operations
 * receive it; the unit tests give them one of their own.
 */
export interface DiscussionStore {
  thread(id: number): Promise<Thread | undefined>;
  /** The thread of an object, or 0 when it has none yet. */
  threadOf(objectType: string, objectId: number): Promise<number>;
  /** The thread of an object, made if it has none; concurrent first posts get the same one. */
  openThread(objectType: string, objectId: number): Promise<number>;
  /** The stored record of an object a post may be about (`product` 7), if it exists. */
  objectRecord(storage: string, id: number): Promise<DiscussedObject | undefined>;
  /** The transaction item that holds a write to the object still existing (a post never outlives its object). */
  objectExists(storage: string, id: number): TransactItem;
  /** The ids of a thread's posts. */
  postIds(thread: number): Promise<number[]>;
  /** Deletes a post; one already gone is no error. */
  deletePost(id: number): Promise<void>;
  /** Deletes a thread and the item naming it as its object's. */
  deleteThread(objectType: string, objectId: number, thread: number): Promise<void>;
}

/**
 * Threads are two small items, written before the post: `DISCUSSIONTHREAD#<id>` (what the thread is about) and
 * `DISCUSSIONTHREAD#<type>#<object_id>` (the thread of an object, put only if absent, so concurrent first posts
 * share one thread).
 */
const threadKey = (id: number) => ({ pk: `DISCUSSIONTHREAD#${id}`, sk: 'THREAD' });
const objectThreadKey = (type: string, objectId: number) => ({
  pk: `DISCUSSIONTHREAD#${type}#${objectId}`,
  sk: 'THREAD',
});

/** The two items as `openThread` writes them: ids numbers, the type one of the object types. */
type ThreadItem = { thread_id: number; object_type: DiscussionObjectType; object_id: number };
type ObjectThreadItem = Pick<ThreadItem, 'thread_id'>;

async function threadIn(context: TableContext, type: string, objectId: number): Promise<number> {
  return ((await readItem(objectThreadKey(type, objectId), context)) as ObjectThreadItem | undefined)?.thread_id ?? 0;
}

/** The discussion store over a table context's table (lib/db). */
export const discussionStoreOn = (context: TableContext): DiscussionStore => ({
  async thread(id) {
    const item = (await readItem(threadKey(id), context)) as ThreadItem | undefined;
    return item && { objectType: item.object_type, objectId: item.object_id };
  },
  threadOf: (type, objectId) => threadIn(context, type, objectId),
  async openThread(type, objectId) {
    const existing = await threadIn(context, type, objectId);
    if (existing) return existing;
    const id = await nextId('discussion_thread', 0, context);
    await writeItem({ ...threadKey(id), thread_id: id, object_type: type, object_id: objectId }, {}, context);
    try {
      await writeItem({ ...objectThreadKey(type, objectId), thread_id: id }, { onlyIfAbsent: true }, context);
      return id;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      return threadIn(context, type, objectId);
    }
  },
  objectRecord: (storage, id) =>
    readItem(entityKeys.record(storage, id), context) as Promise<DiscussedObject | undefined>,
  objectExists: (storage, id) => ({
    ConditionCheck: {
      TableName: context.tableName,
      Key: entityKeys.record(storage, id),
      ConditionExpression: 'attribute_exists(pk)',
    },
  }),
  postIds: (thread) => idsInIndex(discussionsEntity, 'thread_id', thread, context),
  async deletePost(id) {
    try {
      await deleteRecord(discussionsEntity, id, undefined, undefined, context);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  },
  async deleteThread(type, objectId, thread) {
    await deleteItem(objectThreadKey(type, objectId), context);
    await deleteItem(threadKey(thread), context);
  },
});
