import { taxesEntity } from '../../lib/entities/taxes.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { taxHooks } from '../../lib/operations/taxes.js';

export const handler = entityHandler(taxesEntity, 'create', taxHooks);
