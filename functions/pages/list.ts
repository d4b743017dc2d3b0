import { pagesEntity } from '../../lib/entities/pages.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { pageHooks } from '../../lib/operations/pages.js';

export const handler = entityHandler(pagesEntity, 'list', pageHooks);
