import { languageLangvarsResource } from '../../lib/entities/langvars.js';
import { langvarHandler } from '../../lib/handlers/langvar-handler.js';

/** /languages/:id/langvars[/:name]: the language's own variables. */
export const handler = langvarHandler(languageLangvarsResource, 'create', true);
