import { optionsListOperation } from '../../lib/operations/options.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('options.list', optionsListOperation());
