import type { FieldKind, FieldSpec } from './types.js';

/** A field spec whose kind is known to the type system (records derive their value types from it). */
export type SpecOf<K extends FieldKind> = FieldSpec & { kind: K };

/**
 * Shorthands for field tables, so a definition reads like the recording's table. Every writable
 * field is writable on create and update; `shownIn` says which answers carry it. Each keeps its `shownIn` (and
 * `wire`) literal, so the wire type of a view (wire-types.ts) knows which answers show the field; a default
 * `'both' as W` only states that the default is the literal W defaults to. `NoInfer`: a builder's literals come from its arguments (or its defaults), never from the `FieldSpec` a table
 * expects of it. `wire?: never`: a field built so shows
 * its kind's default wire type, unless a spread after it (`{ ...int(0), wire: 'number' }`) says otherwise.
 */
type Shown = FieldSpec['shownIn'];
export const WRITABLE = ['create', 'update'] as const;

export const text = <const W extends Shown = 'both'>(
  def = '',
  maxLength = 255,
  shownIn: W = 'both' as W,
): SpecOf<'string'> & { writableOn: typeof WRITABLE; shownIn: NoInfer<W>; wire?: never } => ({
  kind: 'string',
  maxLength,
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
export const int = <const W extends Shown = 'both'>(
  def = 0,
  shownIn: W = 'both' as W,
): SpecOf<'int'> & { writableOn: typeof WRITABLE; shownIn: NoInfer<W>; wire?: never } => ({
  kind: 'int',
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
export const decimal = <const W extends Shown = 'both'>(
  places: number,
  shownIn: W = 'both' as W,
): SpecOf<'decimal'> & { writableOn: typeof WRITABLE; shownIn: NoInfer<W>; wire?: never } => ({
  kind: 'decimal',
  places,
  writableOn: WRITABLE,
  default: (0).toFixed(places),
  shownIn,
});
export const flag = <const W extends Shown = 'both'>(
  def: 'Y' | 'N',
  shownIn: W = 'both' as W,
): SpecOf<'flag'> & { writableOn: typeof WRITABLE; shownIn: NoInfer<W>; wire?: never } => ({
  kind: 'flag',
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
/** An enum field; its `values` keep their literal types, so a record's value is their union. */
export const choice = <const V extends readonly string[], const W extends Shown = 'both'>(
  values: V,
  def: V[number],
  shownIn: W = 'both' as W,
): SpecOf<'enum'> & { values: V; writableOn: typeof WRITABLE; shownIn: NoInfer<W>; wire?: never } => ({
  kind: 'enum',
  values,
  writableOn: WRITABLE,
  default: def,
  shownIn,
});
/** A field shown in the single-object answer only, not in list rows. */
export const single = <S extends FieldSpec>(spec: S): Omit<S, 'shownIn'> & { shownIn: 'single' } => ({
  ...spec,
  shownIn: 'single',
});
/** A field that must be sent on create. */
export const required = <S extends FieldSpec>(spec: S): S & { requiredOn: readonly ['create'] } => ({
  ...spec,
  requiredOn: ['create'],
});
/** A read-only value (often of a CS-Cart feature we do not have), shown as the recording's neutral value. */
export const fixed = <
  K extends FieldKind,
  const W extends Shown = 'both',
  const T extends FieldSpec['wire'] = undefined,
>(
  kind: K,
  value: FieldSpec['default'],
  shownIn: W = 'both' as W,
  wire?: T,
): SpecOf<K> & { shownIn: NoInfer<W>; wire?: NoInfer<T> } => ({
  kind,
  default: value,
  shownIn,
  ...(wire ? { wire } : {}),
});
/** A read-only JSON value shown as it is (null, [], {}, true). */
export const raw = <const W extends Shown = 'both'>(
  value: FieldSpec['default'],
  shownIn: W = 'both' as W,
): SpecOf<'object'> & { shownIn: NoInfer<W>; wire?: 'raw' } => fixed('object', value, shownIn, 'raw');
/** The record's own id, read-only. */
export const id = <const T extends FieldSpec['wire'] = undefined>(wire?: T): SpecOf<'int'> & { wire?: NoInfer<T> } => ({
  kind: 'int',
  ...(wire ? { wire } : {}),
});
