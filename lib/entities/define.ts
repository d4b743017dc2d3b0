import type {
  AnswerKeys,
  EntityDefinition,
  FieldSpec,
  HttpFacet,
  SchemaFacet,
  StorageFacet,
  StoredEntityDefinition,
} from './types.js';

/**
 * The singular of an entity's name, which its defaults derive from: `categories` → `category`, `statuses` →
 * `status`, `taxes` → `tax`, `products` → `product`. A name these rules get wrong states its exceptions.
 */
export type Singular<N extends string> = N extends `${infer S}ies`
  ? `${S}y`
  : N extends `${infer S}${'ss' | 'us' | 'x' | 'ch' | 'sh'}es`
    ? N extends `${S}${infer E}es`
      ? `${S}${E}`
      : never
    : N extends `${infer S}s`
      ? S
      : N;

export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (/(ss|us|x|ch|sh)es$/.test(name)) return name.slice(0, -2);
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/** The id field a stored entity declares, else its singular name + `_id` (`product_id`). */
export type IdFieldOf<N extends string, I> = I extends string ? I : `${Singular<N>}_id`;

/**
 * What a stored entity's declaration says: the grouped facets of its definition (lib/entities/types.ts), where
 * whatever derives from the name may be left out — `schema.idField`, `http.collectionKey`, `http.answers`
 * and `storage.name`.
 */
export interface EntityDeclaration extends EntityDefinition {
  schema: SchemaFacet;
  http: HttpFacet;
  storage: Omit<StorageFacet, 'name'> & { name?: string };
}

/** An entity that keeps its own storage (lib/db/users.ts, the storefront's carts, the event store): no `storage` facet. */
type OwnStorageDeclaration = EntityDefinition & { storage?: never };

/** The parts of a declaration whose literal types defineEntity keeps: the name, the fields, the id field, the filters. */
type Literal<N extends string, F, I, Q> = { name: N; schema: { fields: F; idField?: I; filters?: Q } };

/**
 * Declares an entity. A stored one (with a `storage` facet) gets the defaults its name gives: the id field (singular
 * + `_id`), the collection key (the name), the POST and PUT answers (the id, a number for a POST and the URL
 * segment, a string, for a PUT: CS-Cart's answers, SPEC §3) and the storage name (the singular). The definition it
 * answers is the one every reader sees, in the same grouped shape. One that keeps its own storage (users, the
 * storefront's entities, the change feed) is answered as declared, defaults and all left out: nothing generic
 * reads them, and its id and answers are its own.
 *
 * Either way it keeps the literal types of the fields (each field's kind) and of the id field, so the record type is
 * derived from the declaration — `EntityRecordOf<typeof productsEntity>` — the role of ElectroDB's `new
 * Entity({...} as const)`, and so is each view's wire shape (wire-types.ts `WireOf`); the query filters keep theirs
 * too, so a list hook reads them typed (record-types.ts FiltersOf). Only those keep their literal types; the other
 * facets stay the general shape, so code may look a filter or sort up by name.
 */
export function defineEntity<
  const N extends string,
  const F extends Readonly<Record<string, FieldSpec>>,
  const I extends string | undefined = undefined,
  const Q extends Readonly<Record<string, FieldSpec>> = Record<string, FieldSpec>,
>(
  declaration: EntityDeclaration & Literal<N, F, I, Q>,
): StoredEntityDefinition & { name: N; schema: { fields: F; idField: IdFieldOf<N, I>; filters?: Q } };
export function defineEntity<
  const N extends string,
  const F extends Readonly<Record<string, FieldSpec>>,
  const I extends string | undefined = undefined,
  const Q extends Readonly<Record<string, FieldSpec>> = Record<string, FieldSpec>,
>(declaration: OwnStorageDeclaration & Literal<N, F, I, Q>): OwnStorageDeclaration & Literal<N, F, I, Q>;
export function defineEntity(declaration: EntityDeclaration | OwnStorageDeclaration) {
  if (!isStored(declaration)) return declaration;
  const { name, schema, http, storage } = declaration;
  const idField = schema.idField ?? `${singular(name)}_id`;
  const answers: { create: AnswerKeys; update: AnswerKeys } = {
    create: http.answers?.create ?? { [idField]: 'integer' },
    update: http.answers?.update ?? { [idField]: 'string' },
  };
  const stored: StoredEntityDefinition = {
    ...declaration,
    schema: { ...schema, idField },
    http: { ...http, collectionKey: http.collectionKey ?? name, answers },
    storage: { ...storage, name: storage.name ?? singular(name) },
  };
  return stored;
}

const isStored = (declaration: EntityDeclaration | OwnStorageDeclaration): declaration is EntityDeclaration =>
  'storage' in declaration;
