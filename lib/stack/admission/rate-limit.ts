import { type BucketPolicy, takeToken } from '../../db/rate-limit.js';
import type { Caller } from '../../entities/caller.js';
import { RateLimitedError } from '../../errors.js';
import { countEvent } from '../../metrics.js';
import type { Verdict } from '../request.js';

const ALLOWED: Verdict = Object.freeze({ headers: Object.freeze({}) });

/**
 * Right after credentials (SPEC §1 order: an authenticated user over their rate gets 429 before any route, privilege
 * or body judgement): one token of the caller's bucket (lib/db/rate-limit.ts), at most one conditional UpdateItem.
 * A batch's item is paid for by its batch (lib/operations/batch-cost.ts); with the limit off nothing is taken. A
 * failure to reach the bucket rejects (503 or 500, as any DynamoDB failure).
 */
export async function rateVerdict(
  caller: Caller,
  policy: BucketPolicy | undefined,
  batchItem: boolean,
): Promise<Verdict> {
  if (!policy || batchItem) return ALLOWED;
  const decision = await takeToken(caller.email, policy);
  const headers = Object.freeze({
    'RateLimit-Limit': String(policy.burst),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  });
  if (decision.allowed) return { headers };
  countEvent('rateLimited');
  return { headers, refusal: new RateLimitedError(decision.retryAfterSeconds) };
}
