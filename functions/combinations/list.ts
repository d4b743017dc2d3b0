import { apiHandler } from '../../lib/stack/api-handler.js';
import { combinationsListOperation } from '../../lib/operations/combinations.js';

export const handler = apiHandler('combinations.list', combinationsListOperation);
