import { categoriesEntity } from '../../lib/entities/categories.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { categoryHooks } from '../../lib/operations/categories/index.js';

export const handler = entityHandler(categoriesEntity, 'delete', categoryHooks);
