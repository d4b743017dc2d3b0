import { settingsEntity } from '../../lib/entities/settings.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { settingHooks } from '../../lib/operations/settings.js';

export const handler = entityHandler(settingsEntity, 'get', settingHooks);
