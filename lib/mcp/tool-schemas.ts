import { changeEventSchema } from '../entities/change-event-schema.js';
import type { EntityDefinition, Operation } from '../entities/types.js';
import { answerSchema, listSchema } from '../openapi/answer-schemas.js';
import { queryParameters } from '../openapi/parameters.js';
import { errorSchema } from '../openapi/responses.js';
import { bodySchema, representationSchema, type Schema } from '../openapi/schemas.js';

/**
 * The JSON Schemas of an entity tool's arguments and structured answer, from the very sources the OpenAPI document
 * is built of (lib/openapi/): the list's query parameters, the write bodies, the representations and the answers.
 * An MCP tool's schemas must be objects at the root, so an answer that is not one (a bare list: /blocks) is carried
 * under `result` (structuredOf does the same to the answer).
 */

export const IDEMPOTENCY_ARGUMENT: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description:
    'Makes a retry safe: the same key with the same arguments within 24 h answers the first result again and changes nothing; with other arguments it is refused.',
};

/** A query parameter as a tool argument: digits may come as a JSON integer too (`items_per_page: 50`). */
function argumentOf(parameter: { schema: Schema; description?: string }): Schema {
  const { schema, description } = parameter;
  const digits = schema.type === 'string' && typeof schema.pattern === 'string' && /\[0-9\]\+\$$/.test(schema.pattern);
  return {
    ...(digits ? { type: ['string', 'integer'], pattern: schema.pattern } : schema),
    ...(description ? { description } : {}),
  };
}

/** The id argument of a get, update or delete: the entity's id field, a number or (a langvar's) a name. */
export function idArgumentOf(entity: EntityDefinition): string {
  return entity.schema.idField ?? `${entity.name}_id`;
}

function idSchema(entity: EntityDefinition): Schema {
  return entity.http.idKind === 'name'
    ? { type: 'string', pattern: '^[a-z0-9_-]+$', description: 'The name of the object.' }
    : { type: ['integer', 'string'], pattern: '^[0-9]+$', minimum: 0, description: 'The id of the object.' };
}

export function inputSchemaOf(entity: EntityDefinition, operation: Operation): Schema {
  if (operation === 'list') {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const parameter of queryParameters(entity) as { name: string; required?: boolean; schema: Schema }[]) {
      properties[parameter.name] = argumentOf(parameter);
      if (parameter.required) required.push(parameter.name);
    }
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
  const id = idArgumentOf(entity);
  if (operation === 'get') return { type: 'object', properties: { [id]: idSchema(entity) }, required: [id] };
  if (operation === 'delete')
    return {
      type: 'object',
      properties: { [id]: idSchema(entity), idempotency_key: IDEMPOTENCY_ARGUMENT },
      required: [id],
    };
  const body = bodySchema(entity, operation);
  const properties = { ...((body.properties as Record<string, Schema> | undefined) ?? {}) };
  const required = [...((body.required as string[] | undefined) ?? [])];
  if (operation === 'update') {
    properties[id] = idSchema(entity);
    required.unshift(id);
  }
  properties.idempotency_key = IDEMPOTENCY_ARGUMENT;
  return {
    type: 'object',
    properties,
    ...(required.length ? { required: [...new Set(required)] } : {}),
    description: 'The fields of the request body, beside the id and idempotency_key; keys not listed are ignored.',
  };
}

/** Whether a schema is a JSON object at its root (what MCP asks of an outputSchema). */
const isObjectSchema = (schema: Schema) =>
  schema.type === 'object' ||
  (Array.isArray(schema.anyOf) && (schema.anyOf as Schema[]).every((inner) => inner.type === 'object'));

const wrapped = (schema: Schema): Schema =>
  isObjectSchema(schema)
    ? { type: 'object', ...schema }
    : { type: 'object', properties: { result: schema }, required: ['result'], description: WRAPPED };

/** The description of an outputSchema that carries the answer under `result`: how structuredOf recognises one. */
const WRAPPED = 'The answer, under `result`.';

/** The OpenAPI document's shared schemas a tool's schema may refer to; a tool's schema stands alone, so they are inlined. */
const COMPONENTS: Record<string, Schema> = { Error: errorSchema, ChangeEvent: changeEventSchema };

function inlined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inlined);
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as Schema).$ref;
  const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
  if (name !== undefined && COMPONENTS[name]) return inlined(COMPONENTS[name]);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inlined(inner)]));
}

export function outputSchemaOf(entity: EntityDefinition, operation: Operation): Schema {
  return inlined(outputOf(entity, operation)) as Schema;
}

function outputOf(entity: EntityDefinition, operation: Operation): Schema {
  switch (operation) {
    case 'list':
      return wrapped(listSchema(entity));
    case 'get':
      return wrapped(representationSchema(entity, 'single'));
    case 'create':
    case 'update':
      return wrapped(answerSchema(entity, operation));
    case 'delete': {
      const id = idArgumentOf(entity);
      return {
        type: 'object',
        properties: { deleted: { type: 'boolean', const: true }, [id]: { type: 'string' } },
        required: ['deleted', id],
      };
    }
  }
}

/** The answer as the tool's structured content: under `result` where outputSchemaOf put it there, else as it is. */
export function structuredOf(answer: unknown, outputSchema: Schema): Record<string, unknown> {
  const isObject = answer !== null && typeof answer === 'object' && !Array.isArray(answer);
  return outputSchema.description === WRAPPED || !isObject ? { result: answer } : (answer as Record<string, unknown>);
}
