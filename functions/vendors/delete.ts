import { vendorsEntity } from '../../lib/entities/companies.js';
import { companyDeleteHooks } from '../../lib/operations/companies.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(vendorsEntity, 'delete', companyDeleteHooks);
