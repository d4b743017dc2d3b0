import { exceptionsEntity } from '../../lib/entities/exceptions.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { exceptionHooks } from '../../lib/operations/exceptions.js';

export const handler = entityHandler(exceptionsEntity, 'delete', exceptionHooks);
