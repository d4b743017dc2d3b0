import { defineEntity } from './define.js';
import type { FieldSpec, ResourceDefinition } from './types.js';

const nameSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const FIELDS = {
  lang_code: { kind: 'string', maxLength: 2, writableOn: ['create', 'update'], shownIn: 'single' },
  name: { kind: 'string', maxLength: 128, writableOn: ['create'], requiredOn: ['create'] },
  value: { kind: 'string', maxLength: 65_535, writableOn: ['create', 'update'], default: '' },
} as const satisfies Record<string, FieldSpec>;

/**
 * Language variables (the recording's `langvars`): addressed by name (`idKind: 'name'`), stored per
 * (lang_code, name) by lib/db/langvars.ts. `/langvars` works on `lang_code` (query or body, default `en`);
 * `/languages/:id/langvars` on that language. Rows show `value` and `name`, the single object also
 * `lang_code`; POST and PUT answer `{"name": …}`.
 */
const langvars = <const F extends Readonly<Record<string, FieldSpec>>>(nestedUnderLanguage: boolean, fields: F) =>
  ({
    name: 'langvars',
    schema: {
      idField: 'name',
      fields,
      filters: {
        ...(nestedUnderLanguage ? {} : { lang_code: { kind: 'string', maxLength: 2 } }),
        name: { kind: 'string', maxLength: 128 },
        value: { kind: 'string', maxLength: 255 },
        q: { kind: 'string', maxLength: 255 },
      },
    },
    http: {
      idKind: 'name',
      operations: ['list', 'get', 'create', 'update', 'delete'],
      privileges: { read: ['view_languages'], write: ['manage_languages'] },
      collection: { shape: 'wrapped', key: 'langvars' },
    },
    docs: {
      sortKeys: ['name'],
      answerSchemas: { create: nameSchema, update: nameSchema },
    },
  }) satisfies ResourceDefinition;

/**
 * Items per (lang_code, name) (lib/db/langvars.ts), written with a ConditionCheck of the language's code
 * marker; a delete Queries the name's items in every language and deletes them.
 */
export const langvarsEntity = defineEntity({
  ...langvars(false, FIELDS),
  deployment: {
    domain: 'settings',
    functions: {
      list: { access: ['Query', 'GetItem'] },
      get: { access: ['GetItem'] },
      create: { access: ['PutItem', 'ConditionCheckItem'] },
      update: { access: ['UpdateItem', 'ConditionCheckItem'] },
      delete: { access: ['Query', 'GetItem', 'BatchGetItem', 'BatchWriteItem'] },
    },
  },
});
/** `/languages/:id/langvars[/:name]`: the same on the language of the path. */
export const languageLangvarsResource: ResourceDefinition = langvars(true, {
  ...FIELDS,
  lang_code: { ...FIELDS.lang_code, writableOn: [] },
});
