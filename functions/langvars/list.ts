import { langvarsEntity } from '../../lib/entities/langvars.js';
import { langvarHandler } from '../../lib/handlers/langvar-handler.js';

export const handler = langvarHandler(langvarsEntity, 'list');
