import { sraDiscussionEntity } from '../../lib/entities/sra-discussion.js';
import { readDiscussion } from '../../lib/operations/sra-discussion/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraDiscussionEntity, 'sra_discussion.list', readDiscussion);
