import { storefrontReadEntity } from './storefront-read-entity.js';

const LANGUAGE = {
  type: 'object',
  properties: {
    lang_id: { type: 'string' },
    lang_code: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string' },
    is_default: { type: 'boolean' },
  },
  required: ['lang_code', 'name', 'is_default'],
};

const CURRENCY = {
  type: 'object',
  properties: {
    currency_id: { type: 'string' },
    currency_code: { type: 'string' },
    symbol: { type: 'string' },
    description: { type: 'string' },
    is_primary: { type: 'string', enum: ['Y', 'N'] },
    decimals: { type: 'string' },
    is_default: { type: 'boolean' },
  },
  required: ['currency_code', 'symbol', 'is_default'],
};

/**
 * The storefront's settings (the add-on's `SraStorefront`): `GET /api/4.0/sra_storefront[/:storefront_id]`, also
 * in a store's context. A guest with the Storefront-Api-Access-Key, a customer or an API user reads it; there are
 * no writes (405). lib/operations/storefront-info/storefront.ts.
 */
export const sraStorefrontEntity = storefrontReadEntity({
  name: 'sra_storefront',
  idField: 'storefront_id',
  operations: ['list', 'get'],
  answer: {
    type: 'object',
    properties: {
      storefront_id: { type: 'integer' },
      url: { type: 'string' },
      status: { type: 'string', description: 'Y: open.' },
      name: { type: 'string' },
      settings: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'The Company settings by name (company_name, company_phone, …).',
      },
      languages: { type: 'array', items: LANGUAGE },
      currencies: { type: 'array', items: CURRENCY },
      properties: { type: 'object' },
    },
    required: ['url', 'status', 'settings', 'languages', 'currencies'],
  },
  access: ['GetItem', 'BatchGetItem', 'Query'], // the store and the settings (GetItem, BatchGetItem), the languages (Query)
});
