import { storesEntity } from '../../lib/entities/companies.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { companyHooks } from '../../lib/operations/companies.js';

export const handler = entityHandler(storesEntity, 'update', companyHooks);
