import { combinationsEntity } from '../../lib/entities/combinations.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(combinationsEntity, 'get');
