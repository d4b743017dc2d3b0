/**
 * The verdict on a request (lib/stack/admission/verdict.ts) in the contract's judging order: the rate limit's 429,
 * then the route's 404/405, then the privileges' 403 — whichever of the two reads finishes first — and a failure to
 * read either refuses with that failure. A verdict is a value, never a rejection.
 */
import { describe, expect, it } from 'vitest';
import { enforce, judged } from '../../lib/stack/admission/verdict.js';
import type { Verdict } from '../../lib/stack/request.js';

const headers = { 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '1' };
const tooMany = new Error('429');
const noRoute = new Error('404');
const forbidden = new Error('403');
const unreachable = new Error('DynamoDB unreachable');

/** The two reads finish after `ms`, so the test can make either finish first. */
const waited = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const allowed = (ms = 0) => waited(ms).then((): Verdict => ({ headers }));
const refused = (ms = 0) => waited(ms).then((): Verdict => ({ headers, refusal: tooMany }));
const denied = (ms = 0) =>
  waited(ms).then(() => {
    throw forbidden;
  });

describe('the verdict on a request', () => {
  it('the rate limit refuses first, even when the privileges refuse sooner', async () => {
    expect(await judged(refused(20), undefined, denied(0))).toEqual({ headers, refusal: tooMany });
  });

  it('the rate limit refuses before the route', async () => {
    expect((await judged(refused(5), noRoute, undefined)).refusal).toBe(tooMany);
  });

  it('the route refuses before the privileges, with the rate limit headers', async () => {
    expect(await judged(allowed(5), noRoute, denied(0))).toEqual({ headers, refusal: noRoute });
  });

  it('the privileges refuse last, whichever read finishes first', async () => {
    expect(await judged(allowed(20), undefined, denied(0))).toEqual({ headers, refusal: forbidden });
    expect(await judged(allowed(0), undefined, denied(20))).toEqual({ headers, refusal: forbidden });
  });

  it('admits with the rate limit headers when nothing refuses', async () => {
    const verdict = await judged(
      allowed(0),
      undefined,
      waited(5).then(() => undefined),
    );
    expect(verdict).toEqual({ headers });
    await expect(enforce(Promise.resolve(verdict))).resolves.toBeUndefined();
  });

  it('a bucket that cannot be read refuses with that failure, never as a rejection', async () => {
    const failed = waited(0).then((): Verdict => {
      throw unreachable;
    });
    const verdict = await judged(
      failed,
      undefined,
      waited(5).then(() => undefined),
    );
    expect(verdict.refusal).toBe(unreachable);
    await expect(enforce(Promise.resolve(verdict))).rejects.toBe(unreachable);
  });
});
