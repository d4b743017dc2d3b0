import { storefrontReadEntity } from './storefront-read-entity.js';

const LANGUAGE = {
  type: 'object',
  properties: { lang_code: { type: 'string' }, name: { type: 'string' }, is_default: { type: 'boolean' } },
  required: ['lang_code', 'name', 'is_default'],
};

/**
 * The languages a shopper may choose (the add-on's `SraLanguages`): `GET /api/4.0/sra_languages[/:lang_id]`,
 * `{"languages":[…]}` of the active languages or one of them (a hidden or disabled one is a 404).
 */
export const sraLanguagesEntity = storefrontReadEntity({
  name: 'sra_languages',
  idField: 'lang_id',
  operations: ['list', 'get'],
  answer: {
    type: 'object',
    properties: { languages: { type: 'array', items: LANGUAGE } },
    required: ['languages'],
  },
  access: ['Query', 'BatchGetItem'], // the languages: a Query of their list (and BatchGetItem of the records)
});
