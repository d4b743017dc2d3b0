import { optionsEntity } from '../../lib/entities/options.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { optionHooks } from '../../lib/operations/options.js';

export const handler = entityHandler(optionsEntity, 'update', optionHooks);
