import { apiHandler } from '../../lib/stack/api-handler.js';
import { combinationsCreateOperation } from '../../lib/operations/combinations.js';

export const handler = apiHandler('combinations.create', combinationsCreateOperation);
