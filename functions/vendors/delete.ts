import { vendorsEntity } from '../../lib/entities/companies.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(vendorsEntity, 'delete');
