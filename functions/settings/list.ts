import { apiHandler } from '../../lib/stack/api-handler.js';
import { listSettings } from '../../lib/operations/settings.js';

export const handler = apiHandler('settings.list', listSettings());
