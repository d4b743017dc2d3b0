import { apiHandler } from '../../lib/http/api-handler.js';
import { combinationsListOperation } from '../../lib/operations/combinations.js';

export const handler = apiHandler('combinations.list', combinationsListOperation);
