import middy from '@middy/core';
import { storesEntity, vendorsEntity } from '../entities/companies.js';
import { type EntityFinder, entityFinder } from '../entities/finder.js';
import type { EntityDefinition } from '../entities/types.js';
import type { ApiEvent } from '../http/api-event.js';
import { notFound } from '../http/http-errors.js';
import type { Operation } from '../http/operation.js';
import { type EitherPayloadHandler, eitherPayload } from '../http/payload-v2.js';
import { type ApiResult, toProxyResult } from '../http/response.js';
import { admission } from './admission/index.js';
import { dispatch } from './dispatch/index.js';
import type { Prefetch } from './prefetch.js';
import { type Admission, enteringStack, type StackContext } from './request.js';
import { response } from './response/index.js';

/** Every API function: a REST (1.0) or HTTP API (2.0) event in, the answer in the same format (lib/http/payload-v2.ts). */
export type LambdaHandler = EitherPayloadHandler;

/** The operation of a handler that serves no route of its own (the dispatchers' catch-all): routing refuses first. */
const noOperation: Operation = () => Promise.reject(notFound());

/**
 * The handler of one operation of `served` (`apiHandler(usersEntity, 'users.get', getUser)`). It routes with
 * `served` and the two company contexts only (`/stores/:id/…` and `/vendors/:id/…` reach any operation): a function's
 * bundle then holds the definitions it uses, not the registry's every entity, and its cold start runs only those.
 * A path naming another entity is a 404 either way (routing: a route to any other operation is one).
 */
export function apiHandler(
  served: EntityDefinition,
  servedKey: string,
  operation: Operation,
  prefetch?: Prefetch,
): LambdaHandler {
  if (servedKey.split('.')[0] !== served.name) throw new Error(`${servedKey} is no operation of ${served.name}`);
  return stackHandler(entityFinder([served, storesEntity, vendorsEntity]), servedKey, operation, prefetch);
}

/**
 * The shared stack every function is built from: three phases (lib/stack/request.ts says what they hand one another).
 * Admission judges in the order SPEC §1 fixes — credentials (401/429) → the caller's rate limit (429) → route
 * (404/405) → privilege (403) — into one frozen Admission; dispatch judges the body (413/415/400), the company of a
 * store or vendor context path (404) and an Idempotency-Key (400/409/422, or the stored answer), then runs the
 * operation, which checks the objects in its path (404), the escalation guard (403) and the values (400); the response
 * serialises the answer or the error once, with the stack's headers. `prefetch` names items authentication reads for
 * the operation (lib/stack/prefetch.ts).
 */
export function stackHandler(
  findEntity: EntityFinder,
  servedKey: string | undefined,
  operation: Operation = noOperation,
  prefetch?: Prefetch,
): LambdaHandler {
  const stack = middy<ApiEvent, ApiResult, Error, StackContext<Admission>>({ timeoutEarlyInMillis: 0 })
    .use(response())
    .use(admission({ findEntity, servedKey, prefetch }))
    .handler(dispatch(operation, findEntity));
  return eitherPayload(async (event: ApiEvent, context) => toProxyResult(await stack(event, enteringStack(context))));
}
