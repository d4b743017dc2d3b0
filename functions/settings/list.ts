import { listSettings } from '../../lib/operations/settings.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('settings.list', listSettings());
