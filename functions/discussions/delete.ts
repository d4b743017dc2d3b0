import { discussionsEntity } from '../../lib/entities/discussions.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(discussionsEntity, 'delete');
