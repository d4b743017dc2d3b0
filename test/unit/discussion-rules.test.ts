/**
 * The rules of discussions (lib/operations/discussions/), without DynamoDB or HTTP: the pure checks of a post, and
 * the hooks and the delete of an object's posts against a store of the test's own (the interface they receive).
 */

import { describe, expect, it } from 'vitest';
import type { TransactItem } from '../../lib/db/transact.js';
import type { DiscussionObjectType } from '../../lib/entities/discussions.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import { deletePostsOn, discussionHooksOn, productDiscussionHooksOn } from '../../lib/operations/discussions/hooks.js';
import { checkContent, checkNewThread, namesThread } from '../../lib/operations/discussions/rules.js';
import type { DiscussionStore, Thread } from '../../lib/operations/discussions/store.js';
import { thrownBy } from '../support/thrown.js';

/** Threads, objects and posts kept in memory. */
class TestDiscussions implements DiscussionStore {
  threads = new Map<number, Thread>();
  objects = new Map<string, Record<string, unknown>>();
  posts = new Map<number, number>(); // post id → thread
  opened = 0;
  thread = async (id: number) => this.threads.get(id);
  threadOf = async (type: string, objectId: number) =>
    [...this.threads].find(([, t]) => t.objectType === type && t.objectId === objectId)?.[0] ?? 0;
  openThread = async (type: string, objectId: number) => {
    const existing = await this.threadOf(type, objectId);
    if (existing) return existing;
    this.opened++;
    const id = this.threads.size + 1;
    this.threads.set(id, { objectType: type as DiscussionObjectType, objectId });
    return id;
  };
  objectRecord = async (storage: string, id: number) => this.objects.get(`${storage}#${id}`);
  objectExists = (storage: string, id: number): TransactItem => ({
    ConditionCheck: { TableName: 't', Key: { pk: `${storage}#${id}` }, ConditionExpression: 'attribute_exists(pk)' },
  });
  postIds = async (thread: number) => [...this.posts].filter(([, t]) => t === thread).map(([id]) => id);
  deletePost = async (id: number) => {
    this.posts.delete(id);
  };
  deleteThread = async (_type: string, _objectId: number, thread: number) => {
    this.threads.delete(thread);
  };
}

const request = (body: Record<string, unknown>, id?: string) =>
  ({ body, route: { id }, caller: { userId: 4 }, sourceIp: '203.0.113.9' }) as unknown as ApiRequest;

describe('discussion rules', () => {
  it('a post about an object names its type, id and the poster; one in a thread needs neither', () => {
    // Act
    const missing = thrownBy(ValidationError, () => checkNewThread({ object_type: 'P' }));
    // Assess
    expect(missing.errors?.map((e) => e.field)).toEqual(['object_id', 'name']);
    expect(namesThread({ thread_id: 3 })).toBe(true);
    expect(namesThread({ thread_id: ' ' })).toBe(false);
  });

  it('a post says something (a message or a rating), and a rating is at most 5', () => {
    // Act & Assess
    expect(() => checkContent({}, {})).toThrow('The rating_value/message field is required');
    expect(() => checkContent({ rating_value: 6 }, { rating_value: 6 })).toThrow('between 0 and 5');
    expect(() => checkContent({ message: 'Fine' }, {})).not.toThrow();
  });
});

describe('discussion hooks on a store', () => {
  it('a first post about a product opens its thread and takes its company; the second joins it', async () => {
    // Prepare
    const store = new TestDiscussions();
    store.objects.set('product#7', { company_id: 2 });
    const hooks = discussionHooksOn(store);
    const body = { object_type: 'P' as const, object_id: 7, name: 'Ada', message: 'Good' };
    // Act
    const first = await hooks.create!({ ...body }, request(body));
    const second = await hooks.create!({ ...body }, request(body));
    // Assess
    expect(first).toMatchObject({ thread_id: 1, company_id: 2, user_id: 4, ip_address: '203.0.113.9' });
    expect(second.thread_id).toBe(1);
    expect(store.opened).toBe(1);
  });

  it('refuses a post about an object that does not exist, or in a thread that does not', async () => {
    // Prepare
    const hooks = discussionHooksOn(new TestDiscussions());
    const aboutNothing = { object_type: 'P' as const, object_id: 9, name: 'Ada', message: 'Hi' };
    // Act & Assess
    await expect(hooks.create!({ ...aboutNothing }, request(aboutNothing))).rejects.toThrow(
      'The object_id field names no object of type P',
    );
    await expect(
      hooks.create!({ thread_id: 5, message: 'Hi' }, request({ thread_id: 5, message: 'Hi' })),
    ).rejects.toThrow('names a thread that does not exist');
  });

  it("a new post's transaction holds its object still existing; a testimonial (E) has no object to hold", async () => {
    // Prepare
    const hooks = discussionHooksOn(new TestDiscussions());
    const extra = hooks.extraItems!(request({}));
    // Act
    const onProduct = await extra({ post_id: 1, object_type: 'P' as const, object_id: 7, version: 1 });
    const testimonial = await extra({ post_id: 2, object_type: 'E', object_id: 0, version: 1 });
    // Assess
    expect(onProduct.items).toHaveLength(1);
    expect(onProduct.items[0]?.ConditionCheck?.Key).toEqual({ pk: 'product#7' });
    expect(testimonial.items).toEqual([]);
  });

  it('/products/:id/discussions: an unknown product is a 404, and a post is about the product in the path', async () => {
    // Prepare
    const store = new TestDiscussions();
    store.objects.set('product#7', { company_id: 1 });
    const hooks = productDiscussionHooksOn(store);
    const body = { object_type: 'C' as const, object_id: 99, thread_id: 42, name: 'Ada', message: 'Hi' };
    // Act
    const post = await hooks.create!({ ...body }, request(body, '7'));
    // Assess
    expect(post).toMatchObject({ object_type: 'P' as const, object_id: 7, thread_id: 1 });
    await expect(hooks.scope!(request({}, '8'))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("deleting an object deletes its thread's posts and the thread, and leaves other threads", async () => {
    // Prepare
    const store = new TestDiscussions();
    const mine = await store.openThread('C', 3);
    const other = await store.openThread('C', 4);
    store.posts.set(10, mine).set(11, mine).set(12, other);
    // Act
    await deletePostsOn(store, 'C', 3);
    // Assess
    expect([...store.posts.keys()]).toEqual([12]);
    expect(store.threads.has(mine)).toBe(false);
    expect(store.threads.has(other)).toBe(true);
  });
});
