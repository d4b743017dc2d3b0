import { readDiscussion } from '../../lib/operations/sra-discussion/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_discussion.list', readDiscussion);
