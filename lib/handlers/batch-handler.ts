import type { APIGatewayProxyResult } from 'aws-lambda';
import type { BatchedOperation } from '../entities/methods.js';
import type { EntityDefinition } from '../entities/types.js';
import { batchOperation, type SingleRequests } from '../operations/batch.js';
import { apiHandler, type LambdaHandler } from '../stack/api-handler.js';
import { innerCallContext } from '../stack/inner-call.js';

let sequence = 0;

/**
 * `POST /<entity>/batch` (lib/operations/batch.ts): each item runs the handler its single request would, in-process,
 * with a context that carries the batch's caller (lib/stack/inner-call.ts), so the stack judges it as that request
 * without authenticating, rate-limiting or keying it again.
 */
export function batchHandler(
  def: EntityDefinition,
  handlers: Partial<Record<BatchedOperation, LambdaHandler>>,
): LambdaHandler {
  const singles: SingleRequests = {};
  for (const [operation, handler] of Object.entries(handlers) as [BatchedOperation, LambdaHandler][])
    singles[operation] = async (event, caller) =>
      (await handler(event, innerCallContext(caller, `batch-${++sequence}`))) as APIGatewayProxyResult;
  return apiHandler(def, `${def.name}.batch`, batchOperation(def, singles));
}
