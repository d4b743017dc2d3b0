import { sraCurrenciesEntity } from '../../lib/entities/sra-currencies.js';
import { readCurrencies } from '../../lib/operations/storefront-info/index.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraCurrenciesEntity, 'sra_currencies.list', readCurrencies);
