import { type View, wireOf } from '../entities/present.js';
import type { FieldSpec, ResourceDefinition, StoredEntityDefinition, WriteOperation } from '../entities/types.js';

/** JSON Schema (2020-12, as OpenAPI 3.1 uses it) of field tables, from the same FieldSpecs that validate and present. */
export type Schema = Record<string, unknown>;

const DIGITS = '^[0-9]+$';

export const isStored = (resource: ResourceDefinition): resource is StoredEntityDefinition => 'storage' in resource;

/** The schema of a value as GET answers show it. */
export function outputSchema(spec: FieldSpec, view: View): Schema {
  switch (wireOf(spec, view)) {
    case 'number':
      return { type: spec.kind === 'decimal' ? 'number' : spec.kind === 'object' ? ['number', 'null'] : 'integer' };
    case 'intList':
      return { type: 'array', items: { type: 'integer' } };
    case 'stringList':
      return { type: 'array', items: { type: 'string', pattern: DIGITS } };
    case 'csv':
      return { type: 'string', pattern: '^([0-9]+(,[0-9]+)*)?$' };
    case 'raw':
      // A writable JSON object is shown as sent; empty, it is PHP's empty array `[]`.
      if (spec.kind === 'object' && spec.writableOn?.length) return { type: ['object', 'array'] };
      // A writable choice that is null until set (an object's `discussion_type`).
      if (spec.kind === 'enum' && spec.writableOn?.length)
        return { type: ['string', 'null'], enum: [...(spec.values ?? []), null] };
      return rawSchema(spec.default);
    case 'null':
      return { type: 'null' };
    case 'string':
      return textSchema(spec);
  }
}

function textSchema(spec: FieldSpec): Schema {
  switch (spec.kind) {
    case 'int':
      return { type: 'string', pattern: DIGITS };
    case 'decimal':
      return { type: 'string', pattern: `^[0-9]+\\.[0-9]{${spec.places ?? 2}}$` };
    case 'flag':
      return { type: 'string', enum: ['Y', 'N'] };
    case 'enum':
      return { type: 'string', enum: [...(spec.values ?? [])] };
    default:
      return { type: 'string' };
  }
}

/**
 * A read-only JSON value: its type is the type of the neutral value it is recorded with; an object with
 * keys lists them, each typed the same way (a product's `main_pair`, a block's `availability` booleans).
 */
function rawSchema(value: unknown): Schema {
  if (value === null || value === undefined) return { type: 'null' };
  if (Array.isArray(value)) return { type: 'array' };
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return { type: 'object' };
    return {
      type: 'object',
      properties: Object.fromEntries(entries.map(([key, inner]) => [key, rawSchema(inner)])),
      required: entries.map(([key]) => key),
    };
  }
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: 'integer' };
  return { type: 'string' };
}

/** What a request body may send for a field (CS-Cart is lenient: numbers as strings, lists as CSV). */
export function inputSchema(spec: FieldSpec): Schema {
  const integer = { type: 'integer', minimum: 0 };
  switch (spec.kind) {
    case 'int':
      return { oneOf: [integer, { type: 'string', pattern: '^\\s*[0-9]+\\s*$' }] };
    case 'decimal':
      return {
        oneOf: [
          { type: 'number', minimum: 0 },
          { type: 'string', pattern: '^[0-9]{1,12}(\\.[0-9]+)?$' },
        ],
        description: `stored with ${spec.places ?? 2} decimals`,
      };
    case 'flag':
      return { type: 'string', enum: ['Y', 'N', 'y', 'n'] };
    case 'enum':
      return { type: 'string', enum: [...(spec.values ?? [])] };
    case 'email':
      return { type: 'string', format: 'email', maxLength: spec.maxLength ?? 128 };
    case 'intList':
      return {
        oneOf: [
          { type: 'array', items: { oneOf: [integer, { type: 'string', pattern: DIGITS }] }, maxItems: 100 },
          { type: 'string', description: 'comma-separated ids' },
        ],
      };
    case 'object':
      return { type: ['object', 'array'] };
    case 'string':
      return { type: ['string', 'number'], ...(spec.maxLength ? { maxLength: spec.maxLength } : {}) };
  }
}

const shows = (spec: FieldSpec, view: View) => {
  const where = spec.shownIn ?? 'both';
  return where === 'both' || where === view;
};

/** The object a GET answers (`single`) or one row of a list (`list`): every shown field, always present. */
export function representationSchema(
  resource: ResourceDefinition,
  view: View,
  extra: Record<string, FieldSpec> = {},
): Schema {
  const fields = { ...resource.schema.fields, ...extra };
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (!shows(spec, view)) continue;
    properties[name] = outputSchema(spec, view);
    if (!spec.optionalInAnswers) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** A POST or PUT body: the writable fields, the required ones of the operation; other keys are ignored. */
export function bodySchema(resource: ResourceDefinition, operation: WriteOperation): Schema {
  const custom = resource.docs?.bodySchemas?.[operation];
  if (custom) return custom;
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(resource.schema.fields)) {
    if (!spec.writableOn?.includes(operation)) continue;
    properties[name] = inputSchema(spec);
    if (spec.requiredOn?.includes(operation)) required.push(name);
  }
  const order = resource.schema.requiredOrder ?? [];
  required.sort(
    (a, b) =>
      (order.includes(a) ? order.indexOf(a) : order.length) - (order.includes(b) ? order.indexOf(b) : order.length),
  );
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    description: 'Keys not listed here are ignored.',
  };
}
