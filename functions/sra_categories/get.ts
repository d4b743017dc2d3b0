import { sraCategoriesEntity } from '../../lib/entities/sra-categories.js';
import { sraCategoryGet } from '../../lib/operations/storefront/categories.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraCategoriesEntity, 'sra_categories.get', sraCategoryGet);
