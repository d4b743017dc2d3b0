import { readLanguages } from '../../lib/operations/storefront-info/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_languages.list', readLanguages);
