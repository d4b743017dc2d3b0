import { sraDiscussionEntity } from '../../lib/entities/sra-discussion.js';
import { createDiscussionPost } from '../../lib/operations/sra-discussion/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraDiscussionEntity, 'sra_discussion.create', createDiscussionPost);
