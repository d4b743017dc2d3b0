import { defineEntity } from './define.js';
import { fixed, id, raw } from './field-builders.js';

/**
 * Settings (the recording's `settings`): CS-Cart's built-in setting objects, addressed by the numeric
 * `object_id`. They are seeded with fixed ids (lib/settings-defaults.ts) and never created or deleted:
 * POST and DELETE are 405 (the router answers from `operations`). A PUT changes `value` only, checked by
 * the setting's `type` (lib/operations/settings.ts); a PUT to an absent id is a 404 with no side effect
 * (CS-Cart inserted a junk row there, SPEC §10). The single object adds `section_name`,
 * `section_tab_name` and `variants` (the allowed values of a select or radio setting, else `[]`).
 */
export const settingsEntity = defineEntity({
  name: 'settings',
  schema: {
    idField: 'object_id',
    fields: {
      object_id: id(),
      name: fixed('string', ''),
      section_id: fixed('int', 0),
      section_tab_id: fixed('int', 0),
      type: fixed('string', 'I'),
      edition_type: fixed('string', 'ROOT'),
      position: fixed('int', 0),
      is_global: fixed('flag', 'Y'),
      handler: fixed('string', ''),
      parent_id: fixed('int', 0),
      description: fixed('string', ''),
      tooltip: raw(null),
      object_type: fixed('string', 'O'),
      value: {
        kind: 'string',
        maxLength: 65_535,
        writableOn: ['update'],
        requiredOn: ['update'],
        emptyAllowed: true,
        default: '',
      },
      section_name: fixed('string', '', 'single'),
      section_tab_name: fixed('string', 'main', 'single'),
      variants: raw([], 'single'),
    },
    // company_id and lang_code are taken as CS-Cart takes them, and echoed: there is one store and one value per setting.
    filters: {
      section_id: { kind: 'int' },
      section_tab_id: { kind: 'int' },
      company_id: { kind: 'int' },
      lang_code: { kind: 'string', maxLength: 2 },
    },
  },
  http: {
    answers: { create: { setting_id: 'integer' }, update: { setting_id: 'string' } },
    operations: ['list', 'get', 'update'],
    privileges: { read: ['view_settings'], write: ['update_settings'] },
  },
  storage: {
    indexes: ['section_id', 'section_tab_id'],
    projected: ['section_id', 'section_tab_id'],
    filterRules: {
      section_id: { field: 'section_id', op: 'eq' },
      section_tab_id: { field: 'section_tab_id', op: 'eq' },
    },
  },
  docs: {
    sortKeys: ['id'],
  },
  // Seeded (lib/settings-defaults.ts); a PUT changes `value` only, which no index item carries: GetItem, then Put.
  deployment: { domain: 'settings', functions: { update: { access: ['GetItem', 'PutItem'] } } },
});
