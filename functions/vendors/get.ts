import { vendorsEntity } from '../../lib/entities/companies.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(vendorsEntity, 'get');
