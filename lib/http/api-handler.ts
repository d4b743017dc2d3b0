import middy from '@middy/core';
import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ApiContext, ApiEvent, ApiRequest } from './api-request.js';
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
import type { Prefetch } from './prefetch.js';
import type { ApiResult } from './response.js';

export type Operation = (request: ApiRequest) => Promise<ApiResult>;
export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * The shared stack every function is built from. The order is the order in
 * which SPEC §1 judges a request: credentials → route → privilege → body → the company of a
 * store or vendor context path; the operation itself then checks the other objects named in the path, the escalation
 * guard and the field values. The per-user rate limit is judged right after credentials (its DynamoDB
 * request runs while the rest is judged; writes wait for it before their operation), and an
 * Idempotency-Key last, so only a request that would really run claims its key. A GET of one object
 * runs its operation while the privileges are read and answers only after their verdict (middleware/
 * authorization.ts); `prefetch` names items authentication reads for the operation (lib/http/prefetch.ts).
 */
export function apiHandler(servedKey: string | undefined, operation?: Operation, prefetch?: Prefetch): LambdaHandler {
  const handler = middy<ApiEvent, APIGatewayProxyResult, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(httpResponse())
    .use(readRequest())
    .use(authentication(prefetch, servedKey))
    .use(rateLimit())
    .use(routing(servedKey))
    .use(authorization())
    .use(bodyDecoding())
    .use(rateLimitGate())
    .use(companyContext())
    .use(cursorKeys())
    .use(idempotency())
    .handler(async (_event, context) => {
      const { caller, route, path, query, body, method, sourceIp, headers, replay, prefetched } = context.api;
      if (replay) return replay as unknown as APIGatewayProxyResult;
      if (!operation || !caller || !route || !path) throw new Error('the stack did not prepare the request');
      // The operation's ApiResult is turned into the HTTP response by httpResponse().
      return (await operation({ method, version: path.version, route, query, caller, body, sourceIp, headers, prefetched })) as unknown as APIGatewayProxyResult;
    });
  return handler as unknown as LambdaHandler;
}
