import { discussionsEntity } from '../../lib/entities/discussions.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { discussionHooks } from '../../lib/operations/discussions/index.js';

export const handler = entityHandler(discussionsEntity, 'update', discussionHooks);
