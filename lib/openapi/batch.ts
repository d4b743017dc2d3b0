import { BATCH_SEGMENT, type BatchedOperation, batchedOperations } from '../entities/methods.js';
import type { ResourceDefinition, WriteOperation } from '../entities/types.js';
import { MAX_BATCH_OPERATIONS } from '../operations/batch-body.js';
import { ITEMS_PER_TOKEN } from '../operations/batch-cost.js';
import { bodySchema, type Schema } from './schemas.js';

/** Entities whose batches also take `upsert` (items addressed by product_code): lib/operations/batch-upsert.ts. */
const UPSERTS: Readonly<Record<string, string>> = { products: 'product_code' };

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const ERROR_ITEM = { $ref: '#/components/schemas/Error' };

/**
 * `POST /<entity>/batch` of the OpenAPI document, for every entity with update or delete (lib/entities/methods.ts
 * `batchedOperations`): the body's lists, each item's schema (the single request's body), and the answer's result
 * per item. `answer` is the document's schema of the single POST or PUT answer.
 */
export function batchPath(
  resource: ResourceDefinition,
  operationId: string,
  answer: (operation: WriteOperation) => Schema,
): Record<string, unknown> | undefined {
  const operations = batchedOperations(resource);
  if (operations.length === 0) return undefined;
  const idField = resource.schema.idField ?? `${resource.name}_id`;
  const id = {
    type: ['integer', 'string'],
    description: `The ${idField} of the object (the path id of its single request).`,
  };
  const upsertKey = UPSERTS[resource.name];
  const lists: Record<string, { item: Schema; result: Schema }> = {};
  const result = (success: Schema) => ({ anyOf: [withStatus(success), ERROR_ITEM] });
  for (const operation of operations) lists[operation] = listOf(operation);
  if (upsertKey) {
    const create = bodySchema(resource, 'create');
    lists.upsert = {
      item: {
        ...create,
        required: [upsertKey],
        description: `Created when no product of the company has this ${upsertKey}, updated when exactly one has (409 when more do).`,
      },
      result: result({ anyOf: [answer('create'), answer('update')] }),
    };
  }
  function listOf(operation: BatchedOperation) {
    if (operation === 'create') return { item: bodySchema(resource, 'create'), result: result(answer('create')) };
    if (operation === 'update') {
      const update = bodySchema(resource, 'update');
      const addressed = upsertKey
        ? `; or, without ${idField}, by ${upsertKey} (404 when no product has it, 409 when several do)`
        : '';
      return {
        item: {
          ...update,
          properties: { [idField]: id, ...(update.properties as object) },
          description: `Addressed by ${idField}${addressed}; the other keys are the PUT body.`,
        },
        result: result(answer('update')),
      };
    }
    return {
      item: { oneOf: [id, { type: 'object', properties: { [idField]: id }, required: [idField] }] },
      result: result({ type: 'object', properties: { [idField]: id } }),
    };
  }
  const description = [
    `Up to ${MAX_BATCH_OPERATIONS} operations in one request (all lists together; more → 413), each judged exactly as its own request`,
    `(${operations.map((operation) => ({ create: 'POST', update: 'PUT', delete: 'DELETE' })[operation]).join(', ')} of /${resource.name}): privileges, vendor scope,`,
    'validation, references, stock, the escalation guard. Items are independent (one failure undoes nothing of the others) and each is',
    "atomic. The answer is 200 with a result per item, per list, in the order sent: the single answer's body plus its `status`",
    '(a delete: `status` 204 and the id), or the error as a single request would answer it. A body that is not a batch (an unknown',
    'list, a list that is not an array, an item that is not an object) → 400 and nothing runs. Rate limit: one token, plus one per',
    `${ITEMS_PER_TOKEN} items. With Idempotency-Key the whole batch is done once; a retry gets the stored results. Bodies up to 10 MB.`,
  ].join(' ');
  return {
    tags: [resource.name],
    operationId,
    summary: `Batch of ${resource.name.replace(/_/g, ' ')} writes${upsertKey ? ` (and upserts by ${upsertKey})` : ''}`,
    description,
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description: 'The whole batch is done once per key; a retry gets the stored per-item results.',
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              Object.entries(lists).map(([list, { item }]) => [
                list,
                { type: 'array', items: item, maxItems: MAX_BATCH_OPERATIONS },
              ]),
            ),
            additionalProperties: false,
            minProperties: 1,
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'A result per item, per list, in the order sent.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(
                Object.entries(lists).map(([list, { result: each }]) => [list, { type: 'array', items: each }]),
              ),
            },
          },
        },
      },
      ...Object.fromEntries(
        [
          ['400', 'BadRequest'],
          ['401', 'Unauthorized'],
          ['403', 'Forbidden'],
          ['404', 'NotFound'],
          ['409', 'Conflict'],
          ['413', 'PayloadTooLarge'],
          ['415', 'UnsupportedMediaType'],
          ['422', 'UnprocessableEntity'],
          ['429', 'TooManyRequests'],
          ['500', 'InternalServerError'],
          ['503', 'ServiceUnavailable'],
        ].map(([status, name]) => [status, ref(name!)]),
      ),
    },
  };
}

function withStatus(success: Schema): Schema {
  return {
    allOf: [
      success,
      {
        type: 'object',
        properties: { status: { type: 'integer', description: "The single request's status: 201, 200 or 204." } },
        required: ['status'],
      },
    ],
  };
}

export const batchPathOf = (base: string) => `${base}/${BATCH_SEGMENT}`;
