import { apiHandler } from '../../lib/stack/api-handler.js';
import { exceptionsListOperation } from '../../lib/operations/exceptions.js';

export const handler = apiHandler('exceptions.list', exceptionsListOperation);
