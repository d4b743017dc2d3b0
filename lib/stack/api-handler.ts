import middy from '@middy/core';
import { storesEntity, vendorsEntity } from '../entities/companies.js';
import { type EntityFinder, entityFinder } from '../entities/finder.js';
import type { EntityDefinition } from '../entities/types.js';
import type { ApiEvent } from '../http/api-event.js';
import { notFound } from '../http/http-errors.js';
import type { Operation } from '../http/operation.js';
import { type EitherPayloadHandler, eitherPayload } from '../http/payload-v2.js';
import { type ApiResult, toProxyResult } from '../http/response.js';
import { authentication } from './middleware/authentication.js';
import { authorization } from './middleware/authorization.js';
import { bodyDecoding } from './middleware/body-decoding.js';
import { companyContext } from './middleware/company-context.js';
import { cursorKeys } from './middleware/cursor-keys.js';
import { httpResponse } from './middleware/http-response.js';
import { idempotency } from './middleware/idempotency.js';
import { rateLimit, rateLimitGate } from './middleware/rate-limit.js';
import { readRequest } from './middleware/read-request.js';
import { routing } from './middleware/routing.js';
import { storefrontCache } from './middleware/storefront-cache.js';
import type { Prefetch } from './prefetch.js';
import { enteringStack } from './request.js';

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
 * The shared stack every function is built from. The order is the order in
 * which SPEC §1 judges a request: credentials → route → privilege → body → the company of a
 * store or vendor context path; the operation itself then checks the other objects named in the path, the escalation
 * guard and the field values. The per-user rate limit is judged right after credentials (its DynamoDB
 * request runs while the rest is judged; writes wait for it before their operation), and an
 * Idempotency-Key last, so only a request that would really run claims its key. A GET of one object
 * runs its operation while the privileges are read and answers only after their verdict (middleware/
 * authorization.ts); `prefetch` names items authentication reads for the operation (lib/stack/prefetch.ts).
 * Each middleware adds its typed slice of `context.api` (lib/stack/request.ts); this list is their order.
 */
export function stackHandler(
  findEntity: EntityFinder,
  servedKey: string | undefined,
  operation: Operation = noOperation,
  prefetch?: Prefetch,
): LambdaHandler {
  const stack = middy<ApiEvent, ApiResult>({ timeoutEarlyInMillis: 0 })
    .use(httpResponse())
    .use(readRequest())
    .use(authentication(findEntity, prefetch, servedKey))
    .use(rateLimit())
    .use(routing(servedKey, findEntity))
    .use(storefrontCache())
    .use(authorization())
    .use(bodyDecoding())
    .use(rateLimitGate())
    .use(companyContext(findEntity))
    .use(cursorKeys())
    .use(idempotency())
    .handler(async (_event, { api }) => {
      const { caller, route, path, query, body, method, sourceIp, headers, replay, prefetched } = api;
      return (
        replay ??
        operation({ method, version: path.version, route, query, caller, body, sourceIp, headers, prefetched })
      );
    });
  // Every answer, the operation's or an error's, leaves as one API Gateway response (httpResponse added the headers).
  return eitherPayload(async (event: ApiEvent, context) => toProxyResult(await stack(event, enteringStack(context))));
}
