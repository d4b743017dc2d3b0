import { optionsEntity } from '../../lib/entities/options.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { optionHooks } from '../../lib/operations/options.js';

export const handler = entityHandler(optionsEntity, 'delete', optionHooks);
