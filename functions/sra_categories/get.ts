import { sraCategoryGet } from '../../lib/operations/storefront/categories.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_categories.get', sraCategoryGet);
