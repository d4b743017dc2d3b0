import { exceptionsEntity } from '../../lib/entities/exceptions.js';
import { exceptionsListOperation } from '../../lib/operations/exceptions.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(exceptionsEntity, 'exceptions.list', exceptionsListOperation);
