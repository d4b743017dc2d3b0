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

/** Resolves (or rejects) after `ms`, so the two reads can finish in either order. */
const later = <T>(ms: number, outcome: () => T): Promise<Awaited<T>> =>
  new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(outcome() as Awaited<T>);
      } catch (error) {
        reject(error);
      }
    }, ms),
  );

const allowed = (ms = 0) => later<Verdict>(ms, () => ({ headers }));
const refused = (ms = 0) => later<Verdict>(ms, () => ({ headers, refusal: tooMany }));
const denied = (ms = 0) =>
  later<void>(ms, () => {
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
      later(5, () => undefined),
    );
    expect(verdict).toEqual({ headers });
    await expect(enforce(Promise.resolve(verdict))).resolves.toBeUndefined();
  });

  it('a bucket that cannot be read refuses with that failure, never as a rejection', async () => {
    const failed = later<Verdict>(0, () => {
      throw unreachable;
    });
    const verdict = await judged(
      failed,
      undefined,
      later(5, () => undefined),
    );
    expect(verdict.refusal).toBe(unreachable);
    await expect(enforce(Promise.resolve(verdict))).rejects.toBe(unreachable);
  });
});
