import { productVariationsEntity } from '../../lib/entities/product-variations.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { variationHooks } from '../../lib/operations/product-variations/index.js';

export const handler = entityHandler(productVariationsEntity, 'list', variationHooks);
