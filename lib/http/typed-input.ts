import type { CreateInputOf, FiltersOf, WriteValuesOf } from '../entities/record-types.js';
import type { ResourceDefinition, WriteOperation } from '../entities/types.js';
import { readBodyFields, readFilters, withDefaults } from '../entities/validate.js';
import type { ApiRequest } from './operation.js';

/**
 * A request's text parsed into the typed values its definition declares (lib/entities/record-types.ts), where it
 * enters: the query filters and a write's body fields. readFilters and readBodyFields check every value against its
 * field spec and normalise it to exactly the record's type (an `int` a number, a `flag` `Y` or `N`, a `decimal` its
 * fixed-places text), so the answer is typed as that and no operation converts a filter or a body field again.
 * Bad text is the same 400 as before, raised at the same step.
 */

/** The collection filters of the query (`FiltersOf<D>`: `cid` a number, `subcats` a flag). */
export function filtersOf<D extends ResourceDefinition>(def: D, request: Pick<ApiRequest, 'query'>): FiltersOf<D> {
  return readFilters(def, request.query) as FiltersOf<D>;
}

/** A write's body fields as the definition takes them on `operation` (unknown and read-only keys left out). */
export function bodyValuesOf<D extends ResourceDefinition>(
  def: D,
  operation: WriteOperation,
  body: Record<string, unknown>,
): WriteValuesOf<D> {
  return readBodyFields(def, operation, body) as WriteValuesOf<D>;
}

/** A create's values: the body's fields (those the create requires present) and every other field's default. */
export function createValuesOf<D extends ResourceDefinition>(
  def: D,
  body: Record<string, unknown>,
): CreateInputOf<D> & WriteValuesOf<D> {
  return withDefaults(def, readBodyFields(def, 'create', body)) as CreateInputOf<D> & WriteValuesOf<D>;
}
