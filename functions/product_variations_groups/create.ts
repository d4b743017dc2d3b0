import { apiHandler } from '../../lib/stack/api-handler.js';
import { createGroupOperation } from '../../lib/operations/product-variations/index.js';

export const handler = apiHandler('product_variations_groups.create', createGroupOperation);
