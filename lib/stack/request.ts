import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { Caller } from '../entities/caller.js';
import type { ApiEvent } from '../http/api-event.js';
import type { ApiPath } from '../http/api-path.js';
import type { Prefetched } from '../http/operation.js';
import type { ApiResult } from '../http/response.js';
import type { Route } from '../http/route.js';

/**
 * What the three phases of a request hand one another (lib/stack/api-handler.ts). Admission makes each value once and
 * freezes it; dispatch and the response only read them. `context.api` holds the latest: the request as read, then the
 * admitted request — the response phase answers with whatever admission got to, a 401 knowing only the request.
 */

/** The event, read once (admission/read-request.ts). */
export interface RequestRead {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly sourceIp: string;
  readonly startedAt: number;
  /**
   * The batch's (or MCP call's) caller when this request is one of its items (lib/stack/inner-call.ts): the item is
   * then neither authenticated, rate-limited, keyed nor counted again.
   */
  readonly batchCaller?: Caller;
}

/**
 * The rate limit's and the privileges' verdict on a request, in the contract's judging order (SPEC §1: 429 before
 * 404/405 before 403). A value, never a rejection: `refusal` is the first answer that refuses the request, `headers`
 * what every answer to it carries (RateLimit-*).
 */
export interface Verdict {
  readonly headers: Readonly<Record<string, string>>;
  readonly refusal?: Error;
}

/** A request admitted (admission/index.ts): who calls, what they call, and the verdict on it. */
export interface Admission extends RequestRead {
  readonly caller: Caller;
  /** Items read in authentication's BatchGetItem for the operation (lib/stack/prefetch.ts). */
  readonly prefetched?: Prefetched;
  readonly path: ApiPath;
  readonly route: Route;
  /**
   * Settled before dispatch for everything but a read: a GET's operation runs while its rate-limit token (and, for
   * one object, its privileges) is still being read, and dispatch awaits the verdict before the answer exists
   * (dispatch/index.ts). Nothing is written before it.
   */
  readonly verdict: Promise<Verdict>;
}

/** What the response phase may find: as much of the admission as was made before the request was answered. */
export type Known = RequestRead & Partial<Admission>;

/** The Lambda context as the stack sees it: `api` is written by admission only. */
export type StackContext<Api> = Context & { api: Api };

/** The Lambda context as it enters the stack: admission writes its `api`. */
export const enteringStack = (context: Context) => context as StackContext<never>;

/** A phase of the stack that reads `context.api` as `Api`. */
export type Phase<Api> = MiddlewareObj<ApiEvent, ApiResult, Error, StackContext<Api>>;
