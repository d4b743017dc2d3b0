import type { FieldSpec, StoredEntityDefinition } from './types.js';

/**
 * Declares a stored entity, keeping the literal types of its fields (each field's kind) and of its id field, so
 * the record type is derived from the declaration — `EntityRecordOf<typeof productsEntity>` — instead of being
 * `Record<string, StoredValue>`. The same role as ElectroDB's `new Entity({...} as const)`: one declaration,
 * checked against the shape every definition has, and the source of the types the stores return. Only `fields`
 * and `idField` keep their literal types; the other facets stay the general shape, so code may look a filter or
 * sort up by name.
 */
export const defineEntity = <const F extends Readonly<Record<string, FieldSpec>>, const I extends string>(
  definition: StoredEntityDefinition & { fields: F; idField: I },
): StoredEntityDefinition & { fields: F; idField: I } => definition;
