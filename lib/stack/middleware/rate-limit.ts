import { type BucketPolicy, takeToken } from '../../db/rate-limit.js';
import { RateLimitedError } from '../../errors.js';
import { countEvent } from '../../metrics.js';
import { awaitVerdict, deferred } from '../deferred-verdict.js';
import type { Authenticated, RateLimited, RequestRead, Stage } from '../request.js';

/** Methods whose operation may write: they wait for the bucket's verdict before running (rateLimitGate). */
const WAITS_FOR_VERDICT = new Set(['POST', 'PUT', 'DELETE']);

async function verdict(state: RequestRead, bucketId: string, policy: BucketPolicy): Promise<void> {
  const decision = await takeToken(bucketId, policy);
  state.responseHeaders['RateLimit-Limit'] = String(policy.burst);
  state.responseHeaders['RateLimit-Remaining'] = String(decision.remaining);
  state.responseHeaders['RateLimit-Reset'] = String(decision.resetSeconds);
  if (!decision.allowed) {
    countEvent('rateLimited');
    throw new RateLimitedError(decision.retryAfterSeconds);
  }
}

/**
 * Right after credentials (SPEC §1 order: an authenticated user over their rate gets 429 before any
 * route, privilege or body judgement): takes one token of the caller's bucket (lib/db/rate-limit.ts),
 * one conditional UpdateItem. It is started here and not awaited: a read runs its operation meanwhile
 * and the verdict is awaited before the answer leaves (a refused read's answer is thrown away, nothing
 * was changed; lib/stack/deferred-verdict.ts); a write waits for it in rateLimitGate() before its operation, so a
 * refused write changes nothing. Either way a refusal replaces whatever the request would have answered.
 */
export function rateLimit(): Stage<RequestRead & Authenticated & RateLimited> {
  return {
    before: ({ context }) => {
      const state = context.api;
      const policy = state.rateLimitPolicy;
      // A batch's item is paid for by its batch (lib/operations/batch-cost.ts).
      if (!policy || state.batchCaller) return;
      state.rateLimit = deferred(verdict(state, state.caller.email, policy));
    },
    ...awaitVerdict((state: RateLimited) => state.rateLimit),
  };
}

/** Before an operation that may write (and before an Idempotency-Key is claimed): wait for the bucket's verdict. */
export function rateLimitGate(): Stage<RequestRead & RateLimited> {
  return {
    before: async ({ context }) => {
      const state = context.api;
      if (state.rateLimit && WAITS_FOR_VERDICT.has(state.method)) await state.rateLimit;
    },
  };
}
