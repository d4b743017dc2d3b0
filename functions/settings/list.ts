import { apiHandler } from '../../lib/http/api-handler.js';
import { listSettings } from '../../lib/operations/settings.js';

export const handler = apiHandler('settings.list', listSettings());
