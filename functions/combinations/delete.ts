import { combinationsEntity } from '../../lib/entities/combinations.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(combinationsEntity, 'delete');
