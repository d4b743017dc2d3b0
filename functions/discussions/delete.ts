import { discussionsEntity } from '../../lib/entities/discussions.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(discussionsEntity, 'delete');
