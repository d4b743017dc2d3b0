import { defineEntity } from './define.js';
import { choice, fixed, id, raw, text, WRITABLE } from './field-builders.js';
import { languageLangvarsResource } from './langvars.js';

/**
 * Languages (the recording's `languages`): addressed by the numeric `lang_id`, listed as an object keyed
 * by `lang_code`. `lang_code` (two lower-case letters) is unique — a marker item `LANGCODE#<code>` written
 * in the create's transaction (lib/operations/languages.ts) — and, as in CS-Cart, required on PUT too; it
 * cannot be changed, since the language's langvars are stored under it. `en` (id 1) is built in.
 */
export const languagesEntity = defineEntity({
  name: 'languages',
  schema: {
    idField: 'lang_id',
    requiredOrder: ['lang_code', 'name'],
    fields: {
      lang_id: id(),
      lang_code: { kind: 'string', maxLength: 2, writableOn: WRITABLE, requiredOn: ['create', 'update'] },
      name: { kind: 'string', maxLength: 64, writableOn: WRITABLE, requiredOn: ['create'] },
      status: choice(['A', 'D', 'H'], 'A'),
      country_code: text('', 2),
      direction: choice(['ltr', 'rtl'], 'ltr'),
      storefront_ids: fixed('string', ''),
      storefront_ids_raw: raw([]),
    },
    // CS-Cart answers `?lang_code=en` with the bare object; here it is the keyed collection of that one language.
    filters: { lang_code: { kind: 'string', maxLength: 2 } },
  },
  http: {
    collection: { shape: 'wrapped', keyedBy: 'lang_code' },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_languages'], write: ['manage_languages'] },
  },
  storage: {
    indexes: ['lang_code'],
    projected: ['lang_code'],
    filterRules: { lang_code: { field: 'lang_code', op: 'eq' } },
  },
  nested: { langvars: languageLangvarsResource },
  // Deleting a language deletes its langvars (Query of their partition, BatchWriteItem); a new language first
  // clears stale langvars of its code (the same). An update ConditionChecks its code's marker.
  deployment: {
    domain: 'settings',
    functions: {
      create: { extra: ['Query', 'BatchWriteItem'] },
      update: { extra: ['ConditionCheckItem'] },
      delete: { extra: ['Query', 'BatchWriteItem'] },
    },
  },
});
