import { featuresEntity } from '../../lib/entities/features.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { featureHooks } from '../../lib/operations/features.js';

export const handler = entityHandler(featuresEntity, 'delete', featureHooks);
