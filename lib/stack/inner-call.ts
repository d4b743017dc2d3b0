import type { Context } from 'aws-lambda';
import type { Caller } from '../entities/caller.js';

/**
 * An item of a batch (lib/operations/batch.ts) runs the handler its single request would, in-process, with a
 * context made here. The stack then takes the batch's caller instead of reading credentials again, and leaves
 * the rate limit, the Idempotency-Key and the request metrics to the batch request, which has judged those
 * once for all its items. Only code can make such a context (a WeakMap of objects made here): nothing in an
 * HTTP request can ask for it.
 */
const innerCallers = new WeakMap<object, Caller>();

export function innerCallContext(caller: Caller, requestId: string): Context {
  const context = {
    awsRequestId: requestId,
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 0,
  } as unknown as Context;
  innerCallers.set(context, caller);
  return context;
}

/** The batch's caller when `context` is an item's (innerCallContext), else undefined. */
export function innerCaller(context: object | undefined): Caller | undefined {
  return context ? innerCallers.get(context) : undefined;
}
