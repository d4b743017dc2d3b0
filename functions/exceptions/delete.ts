import { exceptionsEntity } from '../../lib/entities/exceptions.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { exceptionHooks } from '../../lib/operations/exceptions.js';

export const handler = entityHandler(exceptionsEntity, 'delete', exceptionHooks);
