import { langvarsEntity } from '../../lib/entities/langvars.js';
import { langvarHandler } from '../../lib/operations/langvars.js';

export const handler = langvarHandler(langvarsEntity, 'delete');
