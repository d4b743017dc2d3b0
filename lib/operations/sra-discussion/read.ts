import { DISCUSSION_OBJECT_TYPES } from '../../entities/discussions.js';
import { ForbiddenError, invalidField, NotFoundError } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import type { ApiRequest, Operation } from '../../http/operation.js';
import { readPaging } from '../../http/paging.js';
import { ok } from '../../http/response.js';
import { withClampedPaging } from '../storefront-paging.js';
import { checkShopperContext, visibleObject } from '../storefront-visibility.js';
import { approvedThread, averageRating, effectiveDiscussionType, shopperPost } from './thread.js';

/** The object a request names (`object_type` one of P C A O E M, `object_id` a whole number), in the add-on's check order. */
export function namedObject(source: Record<string, unknown>): { type: string; id: number } {
  const type = source.object_type;
  if (type === undefined || type === null || String(type).trim() === '')
    throw invalidField('object_type', 'The object_type field is required');
  if (!(DISCUSSION_OBJECT_TYPES as readonly string[]).includes(String(type)))
    throw invalidField('object_type', `The object_type field must be one of ${DISCUSSION_OBJECT_TYPES.join(', ')}`);
  const id = source.object_id;
  if (id === undefined || id === null || String(id).trim() === '')
    throw invalidField('object_id', 'The object_id field is required');
  const objectId = digitsOf(String(id).trim());
  if (objectId === undefined) throw invalidField('object_id', 'The object_id field must be a whole number');
  return { type: String(type), id: objectId };
}

/**
 * The object a shopper may review, with its discussion type: a 404 for what the shopper may not see (a hidden
 * product's reviews are as hidden as it is), a 403 where reviews are off (`discussion_type` D), as the add-on.
 */
export async function reviewedObject(request: ApiRequest, type: string, id: number) {
  await checkShopperContext(request);
  const object = await visibleObject(request, type, id);
  if (!object) throw new NotFoundError();
  const discussionType = effectiveDiscussionType(object, type);
  if (discussionType === 'D') throw new ForbiddenError('Reviews are disabled for this object');
  return { object, discussionType };
}

/**
 * `GET /sra_discussion?object_type=&object_id=` (the add-on's `SraDiscussion::index`): the thread of an object a
 * shopper may see — its approved posts (newest first, paged by `page`/`items_per_page`), their average rating
 * and count. A path with an id serves nothing (404).
 */
export const readDiscussion: Operation = async (raw) => {
  const request = withClampedPaging(raw);
  const { type, id } = namedObject(request.query);
  const { object, discussionType } = await reviewedObject(request, type, id);
  const paging = readPaging(request.query);
  const { threadId, posts } = await approvedThread(type, id);
  const start = (paging.page - 1) * paging.itemsPerPage;
  return ok({
    thread_id: threadId,
    object_id: id,
    object_type: type,
    type: discussionType,
    company_id: object.company_id ?? 0,
    average_rating: averageRating(posts),
    posts: posts.slice(start, start + paging.itemsPerPage).map(shopperPost),
    search: { page: paging.page, items_per_page: paging.itemsPerPage, total_items: posts.length },
    disable_adding: false,
  });
};
