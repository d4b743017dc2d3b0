import type { EntityRecord } from '../db/entity-store.js';
import { settingsEntity } from '../entities/settings.js';
import { ValidationError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { type EntityHooks, listOperation } from './crud.js';
import { instanceRepository } from './instance-repository.js';

/** Setting types whose value is one of the setting's `variants`: select box, radio group. */
const CHOICE_TYPES = new Set(['S', 'R']);
/** A number (non-negative, digits with an optional decimal part). */
const NUMBER_PATTERN = /^\d{1,12}(\.\d+)?$/;
/** One-line text types (input, phone, country, state, password) hold at most 255 characters; textareas (T) more. */
const LINE_TYPES = new Set(['I', 'L', 'X', 'W', 'P']);

const invalid = (message: string) =>
  ValidationError.forFields([{ field: 'value', message: `The value field ${message}` }]);

/**
 * The value a PUT may store, judged by the setting's `type` (stricter than CS-Cart, which stores any text):
 * a checkbox (C) takes Y or N, a select box or radio group (S, R) one of its `variants`, a number (U) a
 * non-negative number, a one-line text at most 255 characters.
 */
export function checkSettingValue(setting: EntityRecord, value: string): string {
  const type = String(setting.type);
  if (type === 'C') {
    const flag = value.trim().toUpperCase();
    if (flag !== 'Y' && flag !== 'N') throw invalid('must be Y or N');
    return flag;
  }
  if (CHOICE_TYPES.has(type)) {
    const variants = Array.isArray(setting.variants) ? setting.variants.map(String) : [];
    if (!variants.includes(value)) throw invalid(`must be one of: ${variants.join(', ')}`);
    return value;
  }
  if (type === 'U') {
    const number = value.trim();
    if (!NUMBER_PATTERN.test(number)) throw invalid('must be a non-negative number');
    return number;
  }
  if (LINE_TYPES.has(type) && [...value].length > 255) throw invalid('must be at most 255 characters long');
  return value;
}

export const settingHooks: EntityHooks<typeof settingsEntity> = {
  update: (changes, current) => ({ value: checkSettingValue(current, String(changes.value)) }),
};

/**
 * GET /settings: the plain list (by object_id; CS-Cart has no sort here), whose echo always carries
 * `section_id` and `section_tab_id` as CS-Cart's `params` do (0 when not filtered).
 */
export function listSettings(): Operation {
  const list = listOperation(instanceRepository(settingsEntity), settingHooks);
  return async (request) => {
    const result = await list(request);
    const body = result.body as { settings: unknown[]; params: Record<string, unknown> };
    const echo = { section_id: 0, section_tab_id: 0, ...body.params };
    return { ...result, body: { settings: body.settings, params: echo, search: echo } };
  };
}
