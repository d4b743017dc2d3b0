import { answerKeys } from '../entities/answers.js';
import type { ResourceDefinition, WriteOperation } from '../entities/types.js';
import { isStored, outputSchema, representationSchema, type Schema } from './schemas.js';

/**
 * The schemas of what the API answers besides a single object: a list in each of its shapes (wrapped and paged,
 * keyed, a bare array, by an alternative parameter) and the answer of a create or update.
 */

const searchEcho: Schema = {
  type: 'object',
  properties: {
    page: { type: 'integer' },
    items_per_page: { type: 'integer' },
    sort_by: { type: 'string' },
    sort_order: { type: 'string', enum: ['asc', 'desc'] },
    total_items: { type: 'integer' },
    next: { type: ['string', 'null'], description: 'The cursor of the next page (`?cursor=`); null on the last page.' },
  },
  required: ['page', 'items_per_page', 'sort_by', 'sort_order', 'total_items'],
};

export function listSchema(resource: ResourceDefinition): Schema {
  if (resource.docs?.answerSchemas?.list) return resource.docs?.answerSchemas.list;
  const alternative = resource.http.collection?.byParameter;
  if (!alternative) return mainListSchema(resource);
  const row = representationSchema(resource, alternative.view, alternative.extraRowFields);
  for (const name of alternative.omitFields ?? []) {
    delete (row.properties as Record<string, Schema>)[name];
    row.required = (row.required as string[]).filter((field) => field !== name);
  }
  const keyed = {
    type: 'object',
    additionalProperties: row,
    description: `With \`${alternative.parameter}\`: keyed by id; no wrapper, no paging.`,
  };
  return { anyOf: [mainListSchema(resource), keyed] };
}

/** A row's fields that a boolean switch adds (`GET /features?variants=true`): present only when asked for. */
function withSwitchedProperties(resource: ResourceDefinition, row: Schema): Schema {
  const switched = Object.values(resource.http.collection?.switchedFields ?? {});
  if (switched.length === 0) return row;
  const properties = { ...(row.properties as Record<string, Schema>) };
  for (const field of switched) properties[field] = outputSchema(resource.schema.fields[field]!, 'single');
  return { ...row, properties };
}

function mainListSchema(resource: ResourceDefinition): Schema {
  if (resource.http.collection?.schema) return resource.http.collection.schema;
  const shape = resource.http.collection?.shape ?? 'wrapped';
  const rows = resource.http.collection?.rowsOf ?? resource;
  const row = withSwitchedProperties(
    resource,
    representationSchema(rows, 'list', resource.http.collection?.extraRowFields),
  );
  if (shape === 'object') return representationSchema(resource, 'single');
  if (shape === 'list')
    return { type: 'array', items: row, description: 'Every object, by id ascending; no wrapper, no paging.' };
  if (shape === 'keyed') return { type: 'object', additionalProperties: row, description: 'Keyed by id; no paging.' };
  const key = resource.http.collection?.key ?? (isStored(resource) ? resource.http.collectionKey : resource.name);
  const rowsSchema = resource.http.collection?.keyedBy
    ? {
        type: 'object',
        additionalProperties: row,
        description: `Keyed by ${resource.http.collection.keyedBy}, in the page's order.`,
      }
    : { type: 'array', items: row };
  return {
    type: 'object',
    properties: { [key]: rowsSchema, params: searchEcho, search: searchEcho },
    required: [key, 'params', 'search'],
  };
}

export function answerSchema(resource: ResourceDefinition, operation: WriteOperation): Schema {
  const custom = resource.docs?.answerSchemas?.[operation];
  if (custom) return custom;
  const extras = isStored(resource) ? (resource.http.answerExtras?.[operation] ?? {}) : {};
  // The same keys and types lib/entities/answers.ts writes; a string id is digits (the URL segment, or a hash).
  const properties: Record<string, Schema> = Object.fromEntries(
    Object.entries(answerKeys(resource, operation)).map(([key, type]) => [
      key,
      type === 'integer' ? { type: 'integer' } : { type: 'string', pattern: '^[0-9]+$' },
    ]),
  );
  for (const [key, value] of Object.entries(extras)) properties[key] = { type: typeof value };
  return { type: 'object', properties, required: Object.keys(properties) };
}
