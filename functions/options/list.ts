import { apiHandler } from '../../lib/stack/api-handler.js';
import { optionsListOperation } from '../../lib/operations/options.js';

export const handler = apiHandler('options.list', optionsListOperation());
