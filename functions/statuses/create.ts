import { statusesEntity } from '../../lib/entities/statuses.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { statusHooks } from '../../lib/operations/statuses.js';

export const handler = entityHandler(statusesEntity, 'create', statusHooks);
