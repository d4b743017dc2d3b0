import { sraLanguagesEntity } from '../../lib/entities/sra-languages.js';
import { readLanguages } from '../../lib/operations/storefront-info/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraLanguagesEntity, 'sra_languages.get', readLanguages);
