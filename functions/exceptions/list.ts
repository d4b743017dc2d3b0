import { exceptionsListOperation } from '../../lib/operations/exceptions.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('exceptions.list', exceptionsListOperation);
