import { languagesEntity } from '../../lib/entities/languages.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { languageHooks } from '../../lib/operations/languages.js';

export const handler = entityHandler(languagesEntity, 'create', languageHooks);
