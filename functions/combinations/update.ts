import { apiHandler } from '../../lib/stack/api-handler.js';
import { combinationsUpdateOperation } from '../../lib/operations/combinations.js';

export const handler = apiHandler('combinations.update', combinationsUpdateOperation);
