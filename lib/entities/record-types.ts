/**
 * The types a definition derives, as ElectroDB derives `EntityItem`, `CreateEntityItem` and `UpdateEntityItem` from
 * one declaration: the record (lib/db/entity-reads.ts `RecordOf` adds the stored attributes), what a create takes and
 * what an update takes. They read the literal types defineEntity keeps (lib/entities/define.ts): each field's kind,
 * an enum's values, `writableOn` and `requiredOn`. test/unit/record-types.test.ts proves what they refuse.
 */
import type { FieldSpec, StoredValue, WriteOperation } from './types.js';
import type { FieldValues } from './validate.js';

/**
 * The value a stored record holds for a field of this spec: lib/entities/validate.ts normalises what a body sends
 * to exactly these (an `int` a number, a `decimal` its fixed-places text, an `intList` numbers, an `enum` one of its
 * `values`, a `flag` `Y` or `N`), and operations write the same. A field of an unknown kind holds any StoredValue.
 */
export type ValueOfSpec<S> = S extends { kind: 'int' }
  ? number
  : S extends { kind: 'decimal' }
    ? string
    : S extends { kind: 'intList' }
      ? readonly number[]
      : S extends { kind: 'enum'; values: readonly (infer V extends string)[] }
        ? V
        : S extends { kind: 'flag' }
          ? 'Y' | 'N'
          : S extends { kind: 'string' | 'email' | 'enum' }
            ? string
            : StoredValue;

/** A definition as far as the record types read it: its literal field table and id field. */
type Declared = { schema: { fields: Readonly<Record<string, FieldSpec>>; idField?: string } };
/**
 * The declared fields alone: a definition's type intersects its literal table with `SchemaFacet`'s
 * `Record<string, FieldSpec>`, whose index signature would let any name through.
 */
export type DeclaredFieldsOf<D extends Declared> = {
  [K in keyof D['schema']['fields'] as string extends K ? never : K]: D['schema']['fields'][K];
};
type IdOf<D extends Declared> = string extends D['schema']['idField']
  ? unknown
  : { [K in NonNullable<D['schema']['idField']>]: number };

/**
 * A record's fields as its definition declares them (`EntityRecordOf<typeof productsEntity>`: `amount` a number,
 * `price` a string, `status` `'A' | 'D' | 'H'`), as ElectroDB derives `EntityItem<typeof Task>`. Exactly those
 * keys: a misspelled field does not compile. Every field but the id is optional: a record holds the fields its
 * writes gave it (read-only neutral fields are shown from their defaults, never stored); its id (the definition's
 * `idField`, a number) it always has.
 */
export type EntityRecordOf<D extends Declared> = {
  [K in keyof DeclaredFieldsOf<D>]?: ValueOfSpec<DeclaredFieldsOf<D>[K]>;
} & IdOf<D>;

/** The fields of a table that an operation accepts in a body (`writableOn`), and those it requires (`requiredOn`). */
type WritableOn<F, O extends WriteOperation> = {
  [K in keyof F]: F[K] extends { writableOn: readonly (infer W)[] } ? (O extends W ? K : never) : never;
}[keyof F];
type RequiredOn<F, O extends WriteOperation> = {
  [K in keyof F]: F[K] extends { requiredOn: readonly (infer W)[] } ? (O extends W ? K : never) : never;
}[keyof F];

/**
 * What a create takes, as validated (lib/entities/validate.ts): the fields it requires present, the other writable
 * fields optional, read-only fields absent — ElectroDB's `CreateEntityItem`.
 */
export type CreateInputOf<D extends Declared> = {
  [K in RequiredOn<DeclaredFieldsOf<D>, 'create'>]: ValueOfSpec<DeclaredFieldsOf<D>[K]>;
} & {
  [K in Exclude<WritableOn<DeclaredFieldsOf<D>, 'create'>, RequiredOn<DeclaredFieldsOf<D>, 'create'>>]?: ValueOfSpec<
    DeclaredFieldsOf<D>[K]
  >;
};

/** What an update takes: any field writable on update, each optional — ElectroDB's `UpdateEntityItem`. */
export type UpdateInputOf<D extends Declared> = {
  [K in WritableOn<DeclaredFieldsOf<D>, 'update'>]?: ValueOfSpec<DeclaredFieldsOf<D>[K]>;
};

/** Whether a definition's type names its fields (a general `StoredEntityDefinition`'s does not). */
export type Names<T> = [keyof T] extends [never] ? false : string extends keyof T ? false : true;

/**
 * The values a write stores once validated and defaulted (lib/operations/crud.ts hands them to a create or update
 * hook, which may add fields of its own record): each declared field optional, with its record type. A definition
 * whose type does not name its fields has loose `FieldValues`.
 */
export type WriteValuesOf<D extends Declared> =
  Names<DeclaredFieldsOf<D>> extends true
    ? { -readonly [K in keyof DeclaredFieldsOf<D>]?: ValueOfSpec<DeclaredFieldsOf<D>[K]> }
    : FieldValues;

/** The declared filters alone (as DeclaredFieldsOf: without `SchemaFacet`'s index signature). */
type FiltersTable<D> = D extends { schema: { filters?: infer Q } }
  ? { [K in keyof NonNullable<Q> as string extends K ? never : K]: NonNullable<Q>[K] }
  : never;

/**
 * The query filters of a collection as lib/entities/validate.ts readFilters parses them from the query text: an
 * `int` filter a number, a `flag` `Y` or `N`, each optional. Loose `FieldValues` when the type does not name them.
 */
export type FiltersOf<D extends Declared> =
  Names<FiltersTable<D>> extends true
    ? { -readonly [K in keyof FiltersTable<D>]?: ValueOfSpec<FiltersTable<D>[K]> }
    : FieldValues;
