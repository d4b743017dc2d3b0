import { Big } from 'big.js';
import type { RecordOf } from '../../db/repository.js';
import { discussionsEntity } from '../../entities/discussions.js';
import { present } from '../../entities/present.js';
import { wireMoney } from '../../entities/wire-money.js';
import { discussionStore } from '../discussions/index.js';
import { instanceRepository } from '../instance-repository.js';

const discussions = /* @__PURE__ */ instanceRepository(discussionsEntity);

type Post = RecordOf<typeof discussionsEntity>;

/** What a shopper reads of an object's reviews: its thread (0 before the first post) and its approved posts, newest first. */
export interface ApprovedThread {
  threadId: number;
  posts: Post[];
}

export async function approvedThread(objectType: string, objectId: number): Promise<ApprovedThread> {
  const threadId = await discussionStore.threadOf(objectType, objectId);
  if (!threadId) return { threadId, posts: [] };
  const { records } = await discussions.list({
    conditions: [
      { rule: { field: 'thread_id', op: 'eq' }, values: [threadId] },
      { rule: { field: 'status', op: 'eq' }, values: ['A'] },
    ],
    sortBy: 'timestamp',
    descending: true,
    page: 1,
  });
  return { threadId, posts: records };
}

/**
 * The average of the approved posts' ratings (posts without one, 0, are comments and do not count), to two
 * decimals in decimal arithmetic; 0 when nothing is rated, as CS-Cart's `fn_get_average_rating` gives nothing.
 */
export function averageRating(posts: readonly Post[]): number {
  const ratings = posts.map((post) => post.rating_value ?? 0).filter((rating) => rating > 0);
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total.plus(rating), new Big(0));
  return wireMoney(sum.div(ratings.length));
}

/** A post as the storefront shows it: the administration's post without `ip_address` and `status`, as the add-on strips them. */
export function shopperPost(post: Post): Record<string, unknown> {
  const { ip_address: _ip, status: _status, ...shown } = present(discussionsEntity, post, 'single');
  return shown;
}

/**
 * The discussion type shoppers meet: the object's own, or where none was set B (comments and rating) — C
 * (comments) for an order, whose thread is the customer's conversation with the store.
 */
export const effectiveDiscussionType = (object: Record<string, unknown>, objectType = 'P') =>
  typeof object.discussion_type === 'string' && object.discussion_type !== ''
    ? object.discussion_type
    : objectType === 'O'
      ? 'C'
      : 'B';

/** What a shopper's object shows of its reviews: the discussion type it takes and its thread (0 before the first post). */
export async function reviewFields(objectType: string, objectId: number, object: Record<string, unknown>) {
  return {
    discussion_type: effectiveDiscussionType(object, objectType),
    thread_id: await discussionStore.threadOf(objectType, objectId),
  };
}
