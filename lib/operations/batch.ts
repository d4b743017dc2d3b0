import type { APIGatewayProxyResult } from 'aws-lambda';
import type { Caller } from '../entities/caller.js';
import type { BatchedOperation } from '../entities/methods.js';
import type { EntityDefinition } from '../entities/types.js';
import { ValidationError } from '../errors.js';
import type { ApiEvent } from '../http/api-event.js';
import type { ApiRequest, Operation } from '../http/operation.js';
import { ok } from '../http/response.js';
import { inBatches } from '../in-batches.js';
import { type BatchList, type ItemPlan, type ItemResult, idFieldOf, itemError, readBatch } from './batch-body.js';
import { chargeBatch } from './batch-cost.js';
import { upsertPlanner } from './batch-upsert.js';

/** Items written side by side: enough to keep a 100-item batch to a few round trips deep, few enough for one Lambda. */
export const BATCH_PARALLEL = 16;

/**
 * The single requests an item may run, each taking the event its own request would and the batch's caller:
 * lib/handlers/batch-handler.ts binds them to the entity's create, update and delete handlers.
 */
export type SingleRequests = Partial<
  Record<BatchedOperation, (event: ApiEvent, caller: Caller) => Promise<APIGatewayProxyResult>>
>;

/**
 * `POST /<entity>/batch` (docs/api.md "Batches and upsert"): up to 100 creates, updates and deletes (and, for
 * products, upserts by product_code) in one request. Each item runs the very handler its single request would
 * (`handlers`, the entity's own create/update/delete functions), in-process and with the batch's caller, so it
 * is judged exactly as that request: privileges, vendor scope, validation, references, stock, the escalation
 * guard. Items are independent — each is its own transaction, one's failure undoes nothing of the others — and
 * run BATCH_PARALLEL at a time. The answer (200) has a result per item, per list, in the order sent.
 */
export function batchOperation(def: EntityDefinition, handlers: SingleRequests): Operation {
  const plan = upsertPlanner(def);
  return async (request) => {
    const items = readBatch(def, request.body, plan !== undefined);
    await chargeBatch(request.caller, items.length);
    const results = new Map<BatchList, ItemResult[]>();
    for (const item of items) if (!results.has(item.list)) results.set(item.list, []);
    const planOf = plan?.(items, request);
    await inBatches(items, BATCH_PARALLEL, async (item) => {
      let result: ItemResult;
      try {
        const planned = (await planOf?.(item)) ?? directPlan(def, item);
        result = await runItem(def, handlers, request, planned);
      } catch (error) {
        // A lookup that failed (DynamoDB busy: 503) is that item's answer; the other items go on.
        result = itemError(error);
      }
      results.get(item.list)![item.index] = result;
    });
    return ok(Object.fromEntries(results));
  };
}

/** A create, update or delete item as its single request: the method, the path id and the body. */
function directPlan(def: EntityDefinition, item: { list: BatchList; value: unknown }): ItemPlan {
  const idField = idFieldOf(def);
  if (item.list === 'create') return { operation: 'create', body: item.value as Record<string, unknown> };
  const value = item.value;
  const fields =
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : { [idField]: value };
  const id = fields[idField];
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '') return { result: missingId(idField) };
  const { [idField]: _id, ...body } = fields;
  return item.list === 'delete'
    ? { operation: 'delete', id: String(id) }
    : { operation: 'update', id: String(id), body };
}

function missingId(idField: string): ItemResult {
  const message = `The ${idField} field is required: a number or a string`;
  return itemError(new ValidationError(message, [{ field: idField, message }]));
}

/** Runs one item through its single request's handler and turns the answer into the item's result. */
async function runItem(
  def: EntityDefinition,
  handlers: SingleRequests,
  request: ApiRequest,
  plan: ItemPlan,
): Promise<ItemResult> {
  if ('result' in plan) return plan.result;
  const handler = handlers[plan.operation];
  if (!handler) return { status: 405, message: `Method Not Allowed: ${def.name} has no ${plan.operation}` };
  const event = itemEvent(def, request, plan.operation, plan.id, plan.body);
  const answer = await handler(event, request.caller);
  const body = parsed(answer.body);
  if (answer.statusCode >= 300) return { ...body, status: answer.statusCode };
  if (answer.statusCode === 204) return { status: 204, [idFieldOf(def)]: plan.id };
  return { status: answer.statusCode, ...body };
}

function parsed(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { answer: value };
  } catch {
    return {};
  }
}

const METHODS: Record<BatchedOperation, string> = { create: 'POST', update: 'PUT', delete: 'DELETE' };

/** The event of the item's single request: same API version and store/vendor context as the batch, the item as its body. */
function itemEvent(
  def: EntityDefinition,
  request: ApiRequest,
  operation: BatchedOperation,
  id: string | undefined,
  body: Record<string, unknown> | undefined,
): ApiEvent {
  const context = request.route.company
    ? `${request.route.company.entity.name}/${encodeURIComponent(request.route.company.id)}/`
    : '';
  const version = request.version === '2.0' ? '2.0/' : '';
  const path = `/api/${version}${context}${def.name}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
  return {
    httpMethod: METHODS[operation],
    path,
    headers: { 'content-type': 'application/json' },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    body: body === undefined ? null : JSON.stringify(body),
    isBase64Encoded: false,
    pathParameters: null,
    stageVariables: null,
    resource: '',
    requestContext: { identity: { sourceIp: request.sourceIp ?? 'unknown' } } as ApiEvent['requestContext'],
  };
}
