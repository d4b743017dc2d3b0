import type { EntityRecordOf } from './record-types.js';
import type { EntityDefinition, FieldSpec, StoredValue, WireType } from './types.js';
import type { View, WireOf, WireView } from './wire-types.js';

export type { View, WireView };

/**
 * A record as GET answers show it (SPEC §10 "wire compatibility"): every field of the
 * definition that the view shows, in definition order, in the recording's JSON type —
 * mostly strings (`"12"`, `"30.00"`, `"Y"`). A field the record lacks shows its default or
 * a neutral value of its kind, so strict clients always find every key. It takes a record of the definition
 * (`EntityRecordOf<D>`: another entity's record does not compile) and answers its type, `WireOf<D, V>`
 * (wire-types.ts), derived from the same declaration by the same rule as `wireOf` and `toWire`.
 */
export function present<D extends EntityDefinition, V extends WireView>(
  def: D,
  record: Readonly<EntityRecordOf<D>>,
  view: V,
): WireOf<D, V> {
  return presentDecorated(def, record, view);
}

/**
 * A record that a hook's `decorate` (lib/operations/crud.ts) has added computed fields to — a category's
 * `product_count`, a cart's `products`, a product's price rows — each already in the shape it is shown in, which the
 * record type does not name; presented as `present` presents a record. The generic list and GET are its only caller:
 * elsewhere a presenter takes its own definition's record.
 */
export function presentDecorated<D extends EntityDefinition, V extends WireView>(
  def: D,
  record: Readonly<Record<string, unknown>>,
  view: V,
): WireOf<D, V> {
  const answer = shownAs(view);
  const shown: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(def.schema.fields)) {
    const where = spec.shownIn ?? 'both';
    if (where === 'none' || (where !== 'both' && where !== answer)) continue;
    const value = Object.hasOwn(record, field) ? (record[field] as StoredValue) : spec.default;
    shown[field] = toWire(spec, value, wireOf(spec, answer));
  }
  // The one cast: the loop above builds, key by key, what WireOf derives from the same fields by the same rule
  // (test/unit/wire-of.test.ts checks every registered entity's answer against it).
  return shown as WireOf<D, V>;
}

/** The answer whose fields a view shows (wire-types.ts `ShownAs`): a change event's object is the single object. */
export function shownAs(view: WireView): View {
  return view === 'event' ? 'single' : view;
}

/** The JSON type a field is shown with in one view (the OpenAPI schemas use the same rule). */
export function wireOf(spec: FieldSpec, view: View): WireType {
  if (spec.wire === undefined)
    return spec.kind === 'intList' ? 'stringList' : spec.kind === 'object' ? 'raw' : 'string';
  return typeof spec.wire === 'string' ? spec.wire : spec.wire[view];
}

function neutral(spec: FieldSpec): StoredValue {
  switch (spec.kind) {
    case 'int':
      return 0;
    case 'decimal':
      return (0).toFixed(spec.places ?? 2);
    case 'flag':
      return 'N';
    case 'intList':
      return [];
    case 'object':
      return null;
    default:
      return '';
  }
}

export function toWire(spec: FieldSpec, value: StoredValue | undefined, wire: WireType): unknown {
  const v = value === undefined ? neutral(spec) : value;
  switch (wire) {
    case 'raw':
      return v;
    case 'null':
      return null;
    case 'number':
      return v === null ? null : Number(v);
    case 'intList':
      return asList(v).map(Number);
    case 'stringList':
      return asList(v).map(String);
    case 'csv':
      return asList(v).join(',');
    case 'string':
      if (v === null) return null;
      return Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

function asList(value: StoredValue): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === '' || value === undefined) return [];
  return [value];
}
