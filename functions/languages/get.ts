import { languagesEntity } from '../../lib/entities/languages.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { languageHooks } from '../../lib/operations/languages.js';

export const handler = entityHandler(languagesEntity, 'get', languageHooks);
