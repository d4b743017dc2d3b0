import type { FieldKind, FieldSpec } from './types.js';

/** A field spec whose kind is known to the type system (records derive their value types from it). */
export type SpecOf<K extends FieldKind> = FieldSpec & { kind: K };

/**
 * Shorthands for field tables, so a definition reads like the recording's table. Every writable
 * field is writable on create and update; `shownIn` says which answers carry it.
 */
type Shown = FieldSpec['shownIn'];
export const WRITABLE = ['create', 'update'] as const;

export const text = (
  def = '',
  maxLength = 255,
  shownIn: Shown = 'both',
): SpecOf<'string'> & { writableOn: typeof WRITABLE } => ({
  kind: 'string',
  maxLength,
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
export const int = (def = 0, shownIn: Shown = 'both'): SpecOf<'int'> & { writableOn: typeof WRITABLE } => ({
  kind: 'int',
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
export const decimal = (
  places: number,
  shownIn: Shown = 'both',
): SpecOf<'decimal'> & { writableOn: typeof WRITABLE } => ({
  kind: 'decimal',
  places,
  writableOn: WRITABLE,
  default: (0).toFixed(places),
  shownIn,
});
export const flag = (def: 'Y' | 'N', shownIn: Shown = 'both'): SpecOf<'flag'> & { writableOn: typeof WRITABLE } => ({
  kind: 'flag',
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
/** An enum field; its `values` keep their literal types, so a record's value is their union. */
export const choice = <const V extends readonly string[]>(
  values: V,
  def: V[number],
  shownIn: Shown = 'both',
): SpecOf<'enum'> & { values: V; writableOn: typeof WRITABLE } => ({
  kind: 'enum',
  values,
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
/** A field shown in the single-object answer only, not in list rows. */
export const single = <S extends FieldSpec>(spec: S): S => ({ ...spec, shownIn: 'single' });
/** A field that must be sent on create. */
export const required = <S extends FieldSpec>(spec: S): S & { requiredOn: readonly ['create'] } => ({
  ...spec,
  requiredOn: ['create'],
});
/** A read-only value (often of a CS-Cart feature we do not have), shown as the recording's neutral value. */
export const fixed = <K extends FieldKind>(
  kind: K,
  value: FieldSpec['default'],
  shownIn: Shown = 'both',
  wire?: FieldSpec['wire'],
): SpecOf<K> => ({
  kind,
  default: value,
  shownIn,
  ...(wire ? { wire } : {}),
});
/** A read-only JSON value shown as it is (null, [], {}, true). */
export const raw = (value: FieldSpec['default'], shownIn: Shown = 'both'): SpecOf<'object'> =>
  fixed('object', value, shownIn, 'raw');
/** The record's own id, read-only. */
export const id = (wire?: FieldSpec['wire']): SpecOf<'int'> => ({ kind: 'int', ...(wire ? { wire } : {}) });
