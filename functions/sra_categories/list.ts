import { sraCategoriesEntity } from '../../lib/entities/sra-categories.js';
import { sraCategoriesList } from '../../lib/operations/storefront/categories.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraCategoriesEntity, 'sra_categories.list', sraCategoriesList);
