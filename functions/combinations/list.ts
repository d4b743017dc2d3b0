import { combinationsEntity } from '../../lib/entities/combinations.js';
import { combinationsListOperation } from '../../lib/operations/combinations.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(combinationsEntity, 'combinations.list', combinationsListOperation);
