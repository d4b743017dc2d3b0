/** The rate limit of a batch (lib/operations/batch-cost.ts, docs/api.md §12): one request plus one token per 4 items. */
import { describe, expect, it } from 'vitest';
import { decide } from '../../lib/db/rate-limit.js';
import { batchItemTokens } from '../../lib/operations/batch-cost.js';

describe('a batch against the per-user rate limit', () => {
  it('costs ⌈items / 4⌉ tokens on top of its request: 100 items 25 more (26 in all), 1 item 1 more', () => {
    expect(batchItemTokens(100, 200)).toBe(25);
    expect(batchItemTokens(1, 200)).toBe(1);
    expect(batchItemTokens(4, 200)).toBe(1);
    expect(batchItemTokens(5, 200)).toBe(2);
  });

  it('never more than the burst less one, so a full small bucket still admits a full batch', () => {
    expect(batchItemTokens(100, 10)).toBe(9);
    expect(batchItemTokens(100, 1)).toBe(0);
  });

  it('is refused, with a Retry-After, when the bucket holds fewer tokens than the items take', () => {
    const policy = { rate: 1, burst: 100 };
    const now = 1_000_000;
    // 90 tokens used a moment ago: 10 left, a 100-item batch's items need 25.
    const tat = now + 90 * 1000;
    const refused = decide(policy, tat, now, batchItemTokens(100, policy.burst));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(15);
    expect(decide(policy, tat, now, batchItemTokens(40, policy.burst)).allowed).toBe(true);
  });
});
