import type { EntityRecord } from '../db/entity-store.js';
import { toWire, wireOf } from '../entities/present.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import { ValidationError } from '../errors.js';

const ON = /^(true|y|1)$/i;
const OFF = /^(false|n|0)$/i;

/** The fields a list's boolean switches turn on (`collection.switchedFields`); a switch that is not a boolean → 400. */
function fieldsSwitchedOn(def: StoredEntityDefinition, query: Record<string, string>): string[] {
  const on: string[] = [];
  for (const [parameter, field] of Object.entries(def.http.collection?.switchedFields ?? {})) {
    const value = query[parameter]?.trim();
    if (value === undefined || value === '' || OFF.test(value)) continue;
    if (!ON.test(value)) {
      const message = `The ${parameter} field must be true or false`;
      throw new ValidationError(message, [{ field: parameter, message }]);
    }
    on.push(field);
  }
  return on;
}

/**
 * A list's rows with the single-object fields its switches ask for (`GET /features?variants=true`), each
 * in the single object's wire type, taken from the row's own record.
 */
export function withSwitchedFields(
  def: StoredEntityDefinition,
  query: Record<string, string>,
  records: EntityRecord[],
  rows: Array<Record<string, unknown>>,
) {
  const fields = fieldsSwitchedOn(def, query);
  if (fields.length === 0) return rows;
  return rows.map((row, i) => {
    const extra = Object.fromEntries(
      fields.map((field) => {
        const spec = def.schema.fields[field]!;
        const value = Object.hasOwn(records[i]!, field) ? records[i]![field] : spec.default;
        return [field, toWire(spec, value as never, wireOf(spec, 'single'))];
      }),
    );
    return { ...row, ...extra };
  });
}
