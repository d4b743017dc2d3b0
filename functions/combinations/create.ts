import { combinationsCreateOperation } from '../../lib/operations/combinations.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('combinations.create', combinationsCreateOperation);
