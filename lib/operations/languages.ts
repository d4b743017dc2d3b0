import { langCodes } from '../db/lang-codes.js';
import { deleteLangvarsOf } from '../db/langvars.js';
import type { TransactItem } from '../db/transact.js';
import type { languagesEntity } from '../entities/languages.js';
import type { FieldValues } from '../entities/validate.js';
import { invalidField, ValidationError } from '../errors.js';
import type { EntityHooks } from './crud.js';

/** The store's default language: built in (lib/store-defaults.ts), never deleted. */
export const DEFAULT_LANGUAGE = 'en';

function codeOf(values: FieldValues): FieldValues {
  if (!Object.hasOwn(values, 'lang_code')) return values;
  const code = String(values.lang_code).trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(code)) throw invalidField('lang_code', 'The lang_code field must be two letters');
  return { ...values, lang_code: code };
}

/** The marker's Put, conditioned on the code being free. */
export function langCodeMarker(code: string, langId: number): TransactItem {
  return langCodes.claim(code, { lang_id: langId });
}

/**
 * `lang_code` is unique: a marker item per code, written in the create's transaction (a second create of
 * the code fails its condition: 400 as in CS-Cart) and deleted in the delete's. A PUT must name the
 * language's own code (CS-Cart requires it); changing it is refused, as the langvars are stored under it.
 * The default language cannot be deleted.
 */
export const languageHooks: EntityHooks<typeof languagesEntity> = {
  // Variables left by an interrupted cleanup of an earlier language of this code must not reappear.
  create: async (values) => {
    const checked = codeOf(values);
    await deleteLangvarsOf(String(checked.lang_code));
    return checked;
  },
  update: (changes, current) => {
    const checked = codeOf(changes);
    if (checked.lang_code !== current.lang_code)
      throw invalidField('lang_code', 'The lang_code of a language cannot be changed');
    return checked;
  },
  extraItems: () => (record) => ({
    items: record.version === 1 ? [langCodeMarker(String(record.lang_code), record.lang_id)] : [],
    explain: (failed) =>
      failed.length === 0
        ? undefined
        : invalidField('lang_code', `The provided language (${String(record.lang_code)}) code already exists`),
  }),
  remove: (current) => {
    if (current.lang_code === DEFAULT_LANGUAGE) {
      throw new ValidationError(
        `The ${String(current.name)} language cannot be deleted because it is the default store language`,
      );
    }
  },
  // CS-Cart deletes a language's values with it; no new one can be written once the marker is gone.
  afterDelete: async (deleted) => {
    await deleteLangvarsOf(String(deleted.lang_code));
  },
  removeItems: (current) => [langCodes.release(String(current.lang_code))],
};
