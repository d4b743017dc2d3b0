import { sraPagesEntity } from '../../lib/entities/sra-pages.js';
import { listShopperPages } from '../../lib/operations/sra-pages.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraPagesEntity, 'sra_pages.list', listShopperPages(sraPagesEntity));
