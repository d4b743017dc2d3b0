import { featuresEntity } from '../../lib/entities/features.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { featureHooks } from '../../lib/operations/features.js';

export const handler = entityHandler(featuresEntity, 'get', featureHooks);
