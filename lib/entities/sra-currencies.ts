import type { EntityDefinition } from './types.js';

const CURRENCY = {
  type: 'object',
  properties: {
    currency_code: { type: 'string' },
    description: { type: 'string' },
    is_primary: { type: 'boolean' },
    symbol: { type: 'string' },
  },
  required: ['currency_code', 'description', 'is_primary', 'symbol'],
};

/**
 * The currencies a shopper sees (the add-on's `SraCurrencies`): `GET /api/4.0/sra_currencies[/:currency_id]`,
 * `{"currencies":[…]}` or one currency; the store keeps one (lib/operations/storefront-info/currency.ts).
 */
export const sraCurrenciesEntity: EntityDefinition = {
  name: 'sra_currencies',
  schema: { idField: 'currency_id', fields: {} },
  http: {
    operations: ['list', 'get'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: { currencies: { type: 'array', items: CURRENCY } },
        required: ['currencies'],
      },
    },
  },
  // Answers from the code: no DynamoDB.
  deployment: { domain: 'shoppers', functions: { list: { access: [] }, get: { access: [] } } },
};
