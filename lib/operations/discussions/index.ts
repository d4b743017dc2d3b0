import { deletePostsOn, discussionHooksOn, productDiscussionHooksOn } from './hooks.js';
import { dynamoDiscussionStore } from './store.js';

/** Discussions (posts about products, categories, pages, orders, and testimonials) on the table's store. */
export const discussionHooks = discussionHooksOn(dynamoDiscussionStore);
export const productDiscussionHooks = productDiscussionHooksOn(dynamoDiscussionStore);
export const deletePostsOf = (type: string, objectId: number) => deletePostsOn(dynamoDiscussionStore, type, objectId);
export { type DiscussionStore, dynamoDiscussionStore, type Thread } from './store.js';
