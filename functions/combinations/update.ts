import { apiHandler } from '../../lib/http/api-handler.js';
import { combinationsUpdateOperation } from '../../lib/operations/combinations.js';

export const handler = apiHandler('combinations.update', combinationsUpdateOperation);
