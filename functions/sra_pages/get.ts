import { sraPagesEntity } from '../../lib/entities/sra-pages.js';
import { getShopperPage } from '../../lib/operations/sra-pages.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraPagesEntity, 'sra_pages.get', getShopperPage(sraPagesEntity));
