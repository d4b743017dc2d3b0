import { optionsEntity } from '../../lib/entities/options.js';
import { optionsListOperation } from '../../lib/operations/options.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(optionsEntity, 'options.list', optionsListOperation());
