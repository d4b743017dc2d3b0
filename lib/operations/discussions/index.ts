import { instanceTable } from '../instance-table.js';
import { deletePostsOn, discussionHooksOn, productDiscussionHooksOn } from './hooks.js';
import { discussionStoreOn } from './store.js';

/** The discussion store over this instance's table (lib/operations/instance-table.ts). */
export const discussionStore = /* @__PURE__ */ discussionStoreOn(instanceTable);

/** Discussions (posts about products, categories, pages, orders, and testimonials) on the table's store. */
export const discussionHooks = discussionHooksOn(discussionStore);
export const productDiscussionHooks = productDiscussionHooksOn(discussionStore);
export const deletePostsOf = (type: string, objectId: number) => deletePostsOn(discussionStore, type, objectId);
export { type DiscussionStore, discussionStoreOn, type Thread } from './store.js';
