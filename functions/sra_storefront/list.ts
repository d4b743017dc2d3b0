import { sraStorefrontEntity } from '../../lib/entities/sra-storefront.js';
import { readStorefront } from '../../lib/operations/storefront-info/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraStorefrontEntity, 'sra_storefront.list', readStorefront);
