import { discussionsEntity } from '../../entities/discussions.js';
import { invalidField, NotFoundError } from '../../errors.js';
import { blankSent } from '../../http/blank-sent.js';
import { digitsOf } from '../../http/digits.js';
import type { Operation } from '../../http/operation.js';
import { created } from '../../http/response.js';
import { readReview, type SentReview } from '../../http/review-body.js';
import { createOperation } from '../crud.js';
import { discussionHooks, discussionStore } from '../discussions/index.js';
import { instanceRepository } from '../instance-repository.js';
import { namedObject, reviewedObject } from './read.js';

/** The object a post names: its thread (`thread_id`, which must exist: 404 otherwise), or `object_type` + `object_id`. */
async function postedObject(body: Record<string, unknown>): Promise<{ type: string; id: number }> {
  if (blankSent(body.thread_id)) {
    if (blankSent(body.object_type) && blankSent(body.object_id))
      throw invalidField('thread_id', 'The thread_id / object_id + object_type fields are required');
    return namedObject(body);
  }
  const threadId = digitsOf(String(body.thread_id).trim());
  if (threadId === undefined) throw new NotFoundError();
  const thread = await discussionStore.thread(threadId);
  if (!thread) throw new NotFoundError();
  return { type: thread.objectType, id: thread.objectId };
}

/** What the object's discussion type asks of a post (C and B a message, R and B a rating), in the add-on's order. */
function checkAsked(review: SentReview, discussionType: string): void {
  if ((discussionType === 'C' || discussionType === 'B') && review.message === undefined)
    throw invalidField('message', 'The message field is required');
  if ((discussionType === 'R' || discussionType === 'B') && !review.rated)
    throw invalidField('rating_value', 'The rating_value field is required');
}

const addPost = createOperation(instanceRepository(discussionsEntity), discussionHooks);

/**
 * `POST /sra_discussion` (the add-on's `SraDiscussion::create`): a guest or a customer adds a post to the thread of
 * an object they may see — named by `thread_id` or by `object_type` + `object_id` — with `name`, and `message`
 * and/or `rating_value` (1–5) as its discussion type asks. The post waits for an administrator's approval (status
 * D until `PUT /discussions/:id {"status":"A"}`); it is written by the administration's create (lib/operations/
 * discussions/), so it is checked, counted and evented as any post. 201 `{thread_id, post_id, is_approval_required}`.
 */
export const createDiscussionPost: Operation = async (request) => {
  const review = readReview(request.body);
  const { type, id } = await postedObject(review.body);
  if (review.name === undefined) throw invalidField('name', 'The name field is required');
  const { discussionType } = await reviewedObject(request, type, id);
  checkAsked(review, discussionType);
  const post = {
    name: review.name,
    object_type: type,
    object_id: id,
    status: 'D',
    ...(review.message === undefined ? {} : { message: review.message }),
    ...(review.rating === undefined ? {} : { rating_value: review.rating }),
  };
  const answer = await addPost({ ...request, route: { ...request.route, company: undefined }, body: post });
  // The create's answer (lib/entities/answers.ts writeAnswer): `post_id` an integer.
  const postId = (answer.body as { post_id: number }).post_id;
  const threadId = await discussionStore.threadOf(type, id);
  return created({ thread_id: threadId, post_id: postId, is_approval_required: true });
};
