import { settingsEntity } from '../../lib/entities/settings.js';
import { listSettings } from '../../lib/operations/settings.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(settingsEntity, 'settings.list', listSettings());
