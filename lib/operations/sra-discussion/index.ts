export { createDiscussionPost } from './create.js';
export { readDiscussion } from './read.js';
export { approvedThread, averageRating, effectiveDiscussionType } from './thread.js';
