import { variationGroupsEntity } from '../../lib/entities/product-variations.js';
import { listGroups } from '../../lib/operations/product-variations/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(variationGroupsEntity, 'product_variations_groups.list', listGroups);
