import type { EntityDefinition } from './types.js';

const LANGUAGE = {
  type: 'object',
  properties: { lang_code: { type: 'string' }, name: { type: 'string' }, is_default: { type: 'boolean' } },
  required: ['lang_code', 'name', 'is_default'],
};

/**
 * The languages a shopper may choose (the add-on's `SraLanguages`): `GET /api/4.0/sra_languages[/:lang_id]`,
 * `{"languages":[…]}` of the active languages or one of them (a hidden or disabled one is a 404).
 */
export const sraLanguagesEntity: EntityDefinition = {
  name: 'sra_languages',
  schema: { idField: 'lang_id', fields: {} },
  http: {
    operations: ['list', 'get'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: { languages: { type: 'array', items: LANGUAGE } },
        required: ['languages'],
      },
    },
  },
  // The languages: a Query of their list (and BatchGetItem of the records).
  deployment: {
    domain: 'shoppers',
    functions: { list: { access: ['Query', 'BatchGetItem'] }, get: { access: ['Query', 'BatchGetItem'] } },
  },
};
