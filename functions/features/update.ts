import { featuresEntity } from '../../lib/entities/features.js';
import { featureHooks } from '../../lib/operations/features.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(featuresEntity, 'update', featureHooks);
