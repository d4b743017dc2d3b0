import type { ListCondition } from '../../db/entity-list.js';
import { presetIdValue, presetValue } from '../../db/preset-ids.js';
import type { DiscussionObjectType, discussionsEntity } from '../../entities/discussions.js';
import type { WriteValuesOf } from '../../entities/record-types.js';
import { invalidField, NotFoundError } from '../../errors.js';
import type { ApiRequest } from '../../http/operation.js';
import { parseId } from '../../http/route.js';
import type { EntityHooks } from '../crud.js';
import { checkContent, checkNewThread, checkRating, namesThread, OBJECT_STORAGE } from './rules.js';
import type { DiscussionStore } from './store.js';

type DiscussionHooks = EntityHooks<typeof discussionsEntity>;
type PostValues = WriteValuesOf<typeof discussionsEntity>;

/** The object a post is about must exist: its record (a product for P), or object_id 0 for E. */
async function objectOf(store: DiscussionStore, type: string, objectId: number) {
  const storage = OBJECT_STORAGE[type];
  if (!storage) return objectId === 0 ? {} : undefined;
  return store.objectRecord(storage, objectId);
}

/** POST: the thread or the object (object_type, object_id, name), then message or rating_value; the object must exist. */
function newPost(store: DiscussionStore) {
  return async (values: PostValues, request: ApiRequest): Promise<PostValues> => {
    const body = request.body ?? {};
    let type: DiscussionObjectType;
    let objectId: number;
    if (namesThread(body)) {
      const thread = await store.thread(values.thread_id ?? 0);
      if (!thread) throw invalidField('thread_id', 'The thread_id field names a thread that does not exist');
      ({ objectType: type, objectId } = thread);
    } else {
      checkNewThread(body);
      // checkNewThread proved it sent; validation made it one of the types.
      type = values.object_type!;
      objectId = values.object_id ?? 0;
    }
    checkContent(body, values);
    const object = await objectOf(store, type, objectId);
    if (!object) throw invalidField('object_id', `The object_id field names no object of type ${type}`);
    return {
      ...values,
      object_type: type,
      object_id: objectId,
      thread_id: await store.openThread(type, objectId),
      // An import keeps the source's author and address (lib/db/preset-ids.ts); a request's post is its caller's.
      user_id: presetIdValue('user_id') ?? request.caller.userId,
      ip_address: String(presetValue('ip_address') ?? request.sourceIp ?? ''),
      company_id: object.company_id ?? 0,
    };
  };
}

/** The hooks of /discussions on a store. */
export function discussionHooksOn(store: DiscussionStore): DiscussionHooks {
  return {
    create: newPost(store),
    update: (changes) => {
      checkRating(changes);
      return changes;
    },
    // The object is proved again in the post's transaction, so a post never outlives a concurrent delete of it.
    extraItems: () => (record) => {
      const storage = OBJECT_STORAGE[String(record.object_type)];
      if (!storage || record.version !== 1) return { items: [] };
      return {
        items: [store.objectExists(storage, record.object_id ?? 0)],
        explain: () =>
          invalidField('object_id', `The object_id field names no object of type ${String(record.object_type)}`),
      };
    },
  };
}

/** `/products/:id/discussions` on a store: list and POST forced to that product; 404 for an unknown product. */
export function productDiscussionHooksOn(store: DiscussionStore): DiscussionHooks {
  const productOf = async (request: ApiRequest): Promise<number> => {
    const productId = parseId(request.route.id);
    if (!(await store.objectRecord('product', productId))) throw new NotFoundError();
    return productId;
  };
  const hooks = discussionHooksOn(store);
  return {
    ...hooks,
    scope: async (request): Promise<ListCondition[]> => {
      const thread = await store.threadOf('P', await productOf(request));
      // No thread yet: no posts (thread 0 has none).
      return [{ rule: { field: 'thread_id', op: 'eq' }, values: [thread] }];
    },
    create: async (values, request) => {
      const productId = await productOf(request);
      const { thread_id: _ignored, ...sent } = request.body ?? {};
      const body = { ...sent, object_type: 'P', object_id: productId };
      return newPost(store)({ ...values, object_type: 'P', object_id: productId, thread_id: 0 }, { ...request, body });
    },
  };
}

/**
 * Deleting an object deletes its posts and its thread (CS-Cart deletes an object's discussion with it). Runs
 * after the object's delete; a post created meanwhile fails its ConditionCheck on the object, so none is left.
 */
export async function deletePostsOn(store: DiscussionStore, type: string, objectId: number): Promise<void> {
  const thread = await store.threadOf(type, objectId);
  if (!thread) return;
  for (const id of await store.postIds(thread)) await store.deletePost(id);
  await store.deleteThread(type, objectId, thread);
}
