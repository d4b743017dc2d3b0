import { statusesEntity } from '../../lib/entities/statuses.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { statusHooks } from '../../lib/operations/statuses.js';

export const handler = entityHandler(statusesEntity, 'update', statusHooks);
