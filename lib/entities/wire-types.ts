/**
 * The wire shape of each view, derived from a definition as record-types.ts derives its records: what
 * `present(def, record, view)` (present.ts) answers, field by field. It reads the same declaration the runtime
 * reads — `shownIn`, `wire`, `kind`, `default`, `optionalInAnswers` — by the same rule as present.ts `wireOf` and
 * `toWire`, so a GET answer, a change event's object or an OpenAPI schema (lib/openapi/schemas.ts, the same rule
 * again) agree with the type a caller reads. test/unit/wire-of.test.ts proves the type, and checks every
 * registered entity's presented sample against the rule at run time.
 */
import type { DeclaredFieldsOf, Names, ValueOfSpec } from './record-types.js';
import type { FieldSpec, WireType } from './types.js';

/** The two answers a record is shown in: a collection's list row and the single object (present.ts re-exports it). */
export type View = 'list' | 'single';

/**
 * Every shape a record is shown in: the two answers and a change event's `data.object` (lib/events/present-object.ts,
 * lib/entities/change-event.ts `ChangeEventOf`). An event shows the object as its single GET does; naming it a view
 * of its own keeps that rule in one place (`ShownAs`, present.ts `shownAs`) and lets a consumer of events derive
 * the object's type as a GET's caller derives an answer's: `WireOf<typeof productsEntity, 'event'>`.
 */
export type WireView = View | 'event';

/** The answer whose fields and wire types a view shows: an event's object is the single object. */
export type ShownAs<V extends WireView> = V extends 'event' ? 'single' : V;

/** A declared `wire` (a spec without one reads `undefined`; a general FieldSpec, every wire type). */
type DeclaredWire<S> = NonNullable<Prop<S, 'wire'>>;
/** A property of a spec, `never` when the spec's type has no such key (an optional key reads `undefined` too). */
type Prop<S, P extends string> = P extends keyof S ? S[P] : never;

/**
 * The wire type of a field in one view, as present.ts `wireOf`: the declared one (a pair gives each view its own),
 * else `stringList` for an `intList`, `raw` for an `object`, `string` for the rest.
 */
export type WireTypeOf<S, V extends View> = [DeclaredWire<S>] extends [never]
  ? S extends { kind: 'intList' }
    ? 'stringList'
    : S extends { kind: 'object' }
      ? 'raw'
      : S extends { kind: infer K }
        ? K extends 'intList'
          ? 'stringList'
          : K extends 'object'
            ? 'raw'
            : 'string'
        : 'string'
  : DeclaredWire<S> extends infer W
    ? W extends WireType
      ? W
      : W extends { list: infer L; single: infer G }
        ? V extends 'list'
          ? L
          : G
        : never
    : never;

/**
 * Null where toWire can give it for `number` and `string`: a stored null (a kind whose record value may be null —
 * an `object`, or a spec whose kind the type does not know) or a declared `default: null` shown for a missing value.
 */
type NullOf<S> = null extends ValueOfSpec<S> ? null : S extends { default: null } ? null : never;

/** What a `raw` field shows: the stored value, or the declared default a record without it shows. */
type RawOf<S> = ValueOfSpec<S> | NonNullable<Prop<S, 'default'>> | (null extends Prop<S, 'default'> ? null : never);

/** The JSON value toWire writes for a field of spec S under wire type W. */
export type WireValueOf<S, W> = W extends 'raw'
  ? RawOf<S>
  : W extends 'null'
    ? null
    : W extends 'number'
      ? number | NullOf<S>
      : W extends 'intList'
        ? number[]
        : W extends 'stringList'
          ? string[]
          : W extends 'csv'
            ? string
            : W extends 'string'
              ? string | NullOf<S>
              : never;

/** The `shownIn` a spec declares; a spec without one is shown in both views. */
type ShownInOf<S> = [NonNullable<Prop<S, 'shownIn'>>] extends [never] ? 'both' : NonNullable<Prop<S, 'shownIn'>>;
/** Whether a view may show the field (some value of its `shownIn` does), and whether it surely does. */
type MayShow<S, V extends View> = [Extract<ShownInOf<S>, 'both' | V>] extends [never] ? false : true;
type SurelyShows<S, V extends View> = S extends { optionalInAnswers: true }
  ? false
  : [Exclude<ShownInOf<S>, 'both' | V>] extends [never]
    ? true
    : false;

type Fields<D> = D extends { schema: { fields: Readonly<Record<string, FieldSpec>> } } ? DeclaredFieldsOf<D> : never;
type ShownKeys<F, V extends View, Sure extends boolean> = {
  [K in keyof F]: MayShow<F[K], V> extends true ? (SurelyShows<F[K], V> extends Sure ? K : never) : never;
}[keyof F];
type Flat<T> = { [K in keyof T]: T[K] };

type WireOfView<F, V extends View> = Flat<
  { [K in ShownKeys<F, V, true>]: WireValueOf<F[K], WireTypeOf<F[K], V>> } & {
    [K in ShownKeys<F, V, false>]?: WireValueOf<F[K], WireTypeOf<F[K], V>>;
  }
>;

/**
 * A record as GET (or a change event) shows it in view V (`WireOf<typeof productsEntity, 'list'>`): the keys the
 * view shows, each in its JSON type — a `wire: 'number'` field a number, a default one a string, an `intList` shown
 * as `stringList` an array of strings; a key `optionalInAnswers` (or whose `shownIn` the type does not know)
 * optional. A view given as the union distributes (a row of either view). A definition whose type does not name its
 * fields (a general `EntityDefinition`) shows a loose record.
 */
export type WireOf<D, V extends WireView> =
  Names<Fields<D>> extends true
    ? V extends WireView
      ? WireOfView<Fields<D>, ShownAs<V>>
      : never
    : Record<string, unknown>;
