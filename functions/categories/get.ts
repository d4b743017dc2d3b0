import { categoriesEntity } from '../../lib/entities/categories.js';
import { categoryHooks } from '../../lib/operations/categories/index.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(categoriesEntity, 'get', categoryHooks);
