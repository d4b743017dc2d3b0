import { apiHandler } from '../../lib/http/api-handler.js';
import { optionsListOperation } from '../../lib/operations/options.js';

export const handler = apiHandler('options.list', optionsListOperation());
