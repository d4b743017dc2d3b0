import { apiHandler } from '../../lib/stack/api-handler.js';
import { exceptionsCreateOperation } from '../../lib/operations/exceptions.js';

export const handler = apiHandler('exceptions.create', exceptionsCreateOperation);
