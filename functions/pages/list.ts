import { pagesEntity } from '../../lib/entities/pages.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { pageHooks } from '../../lib/operations/pages.js';

export const handler = entityHandler(pagesEntity, 'list', pageHooks);
