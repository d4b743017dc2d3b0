import type { FieldSpec } from '../../../lib/entities/types.js';
import { canonical, coerceValue } from './coerce.js';

/**
 * The fields of a body that would change the record this store answers (pure): only fields an update may write
 * (others are ignored by a PUT anyway) and that the store shows (a write-only field, a password, cannot be
 * compared and is not sent by a source). An empty list: the record is unchanged, nothing is written (SPEC §12 "a
 * second run changes only what changed").
 */
export function changedFields(
  fields: Readonly<Record<string, FieldSpec>>,
  body: Record<string, unknown>,
  local: Record<string, unknown>,
): string[] {
  const changed: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const spec = fields[name];
    if (!spec?.writableOn?.includes('update') || !Object.hasOwn(local, name)) continue;
    // Both sides read as a body reads them: an id list "0" and [0] are the same list.
    if (canonical(value) !== canonical(coerceValue(spec, local[name]))) changed.push(name);
  }
  return changed;
}
