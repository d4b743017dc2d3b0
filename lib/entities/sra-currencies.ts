import { storefrontReadEntity } from './storefront-read-entity.js';

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
export const sraCurrenciesEntity = storefrontReadEntity({
  name: 'sra_currencies',
  idField: 'currency_id',
  operations: ['list', 'get'],
  answer: {
    type: 'object',
    properties: { currencies: { type: 'array', items: CURRENCY } },
    required: ['currencies'],
  },
  access: [], // answers from the code: no DynamoDB
});
