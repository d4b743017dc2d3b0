import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { BucketPolicy } from '../db/rate-limit.js';
import type { Caller } from '../entities/caller.js';
import type { ApiEvent } from '../http/api-event.js';
import type { ApiPath } from '../http/api-path.js';
import type { RequestBody } from '../http/body.js';
import type { Prefetched } from '../http/operation.js';
import type { ApiResult } from '../http/response.js';
import type { Route } from '../http/route.js';

/**
 * What the middlewares learn about a request, one slice per middleware, kept on the Lambda context as
 * `context.api`. A middleware declares the slices it reads and the one it writes (`Stage<Reads & Writes>`); middy's
 * `use()` intersects them, so the handler at the end of lib/stack/api-handler.ts sees every slice typed. That the
 * writer runs before its readers is the order of that one list.
 */

/** read-request: the event, read once. */
export interface RequestRead {
  method: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  sourceIp: string;
  startedAt: number;
  /** Headers every answer to this request carries (RateLimit-*, Idempotent-Replayed), success or error. */
  responseHeaders: Record<string, string>;
  /**
   * The batch's (or MCP call's) caller when this request is one of its items (lib/stack/inner-call.ts), read once
   * here: the item is then neither authenticated, rate-limited, keyed nor counted again.
   */
  batchCaller?: Caller;
}

/** authentication: who is calling, the items read for the operation beside it, and the rate limit in force. */
export interface Authenticated {
  caller: Caller;
  /** Items read in authentication's BatchGetItem for the operation (lib/stack/prefetch.ts). */
  prefetched?: Prefetched;
  /** The per-user rate limit (lib/db/rate-limit.ts), read once per request; undefined when it is off. */
  rateLimitPolicy: BucketPolicy | undefined;
}

/** rate-limit: the per-user token bucket's verdict, judged while the request goes on (lib/stack/deferred-verdict.ts). */
export interface RateLimited {
  rateLimit?: Promise<void>;
}

/** routing: the path's form and the operation it names. */
export interface Routed {
  path: ApiPath;
  route: Route;
}

/** authorization: the privilege verdict of a GET of one object, judged while its operation reads. */
export interface Authorized {
  authorized?: Promise<void>;
}

/** body-decoding: the decoded body of a PUT or POST. */
export interface Decoded {
  body?: RequestBody;
}

/** idempotency: a stored answer to replay instead of running the operation, or the claim this request holds. */
export interface Replayable {
  replay?: ApiResult;
  /** The (user, key) this request claimed; its answer completes or releases it. */
  claim?: { userId: number; key: string; token: string };
}

/**
 * The Lambda context as it enters the stack. Its `api` is not there yet: read-request, the first `before`, writes it,
 * and each later middleware its own slice. The type says what the stack's middlewares and handler may rely on.
 */
export const enteringStack = (context: Context) => context as Context & { api: never };

/** A middleware of the stack that reads and writes the slices `State` of `context.api`. */
export type Stage<State> = MiddlewareObj<ApiEvent, ApiResult, Error, Context & { api: State }>;
