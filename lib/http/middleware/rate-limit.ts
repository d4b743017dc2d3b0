import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { rateLimitPolicy, takeToken, type BucketPolicy } from '../../db/rate-limit.js';
import { countEvent } from '../../metrics.js';
import type { ApiContext, ApiEvent, ApiState } from '../api-request.js';
import { tooManyRequests } from '../http-errors.js';
import { innerCaller } from '../inner-call.js';

/** Methods whose operation may write: they wait for the bucket's verdict before running (rateLimitGate). */
const WAITS_FOR_VERDICT = new Set(['POST', 'PUT', 'DELETE']);

async function verdict(state: ApiState, bucketId: string, policy: BucketPolicy): Promise<void> {
  const decision = await takeToken(bucketId, policy);
  state.responseHeaders = {
    ...state.responseHeaders,
    'RateLimit-Limit': String(policy.burst),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) {
    countEvent('rateLimited');
    throw tooManyRequests(decision.retryAfterSeconds);
  }
}

/**
 * Right after credentials (SPEC §1 order: an authenticated user over their rate gets 429 before any
 * route, privilege or body judgement): takes one token of the caller's bucket (lib/db/rate-limit.ts),
 * one conditional UpdateItem. It is started here and not awaited: a read runs its operation meanwhile
 * and the verdict is awaited before the answer leaves (a refused read's answer is thrown away, nothing
 * was changed); a write waits for it in rateLimitGate() before its operation, so a refused write
 * changes nothing. Either way a refusal replaces whatever the request would have answered.
 */
export function rateLimit(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  const settle = async (state: ApiState | undefined) => {
    if (state?.rateLimit) await state.rateLimit;
  };
  return {
    before: ({ context }) => {
      const state = context.api;
      const policy = rateLimitPolicy();
      // A batch's item is paid for by its batch (lib/operations/batch-cost.ts).
      if (!policy || !state.caller || innerCaller(context)) return;
      state.rateLimit = verdict(state, state.caller.email, policy);
      // Awaited later (after/onError); never an unhandled rejection meanwhile.
      state.rateLimit.catch(() => undefined);
    },
    after: async ({ context }) => settle(context.api),
    onError: async (request) => {
      try {
        await settle(request.context.api);
      } catch (refusal) {
        // The bucket's verdict comes before whatever else went wrong (or a DynamoDB failure of its own).
        request.error = refusal as Error;
      }
    },
  };
}

/** Before an operation that may write (and before an Idempotency-Key is claimed): wait for the bucket's verdict. */
export function rateLimitGate(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ context }) => {
      const state = context.api;
      if (state.rateLimit && WAITS_FOR_VERDICT.has(state.method)) await state.rateLimit;
    },
  };
}
