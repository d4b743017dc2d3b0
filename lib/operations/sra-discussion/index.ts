export { createDiscussionPost } from './create.js';
export { readDiscussion } from './read.js';
export { approvedThread, averageRating, effectiveDiscussionType, reviewFields } from './thread.js';
