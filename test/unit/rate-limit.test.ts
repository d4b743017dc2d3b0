import { describe, expect, it } from 'vitest';
import { decide } from '../../lib/db/rate-limit.js';
import { canonicalJson, fingerprintOf, idempotencyKeyOf } from '../../lib/stack/dispatch/idempotency.js';

const policy = { rate: 2, burst: 3 }; // one token every 500 ms, three at once

/** Runs requests at the given times through decide(), keeping the stored tat as DynamoDB would. */
function run(times: number[]) {
  let tat: number | undefined;
  return times.map((now) => {
    const d = decide(policy, tat, now);
    if (d.allowed) tat = d.tat;
    return d;
  });
}

describe('token bucket (GCRA) arithmetic', () => {
  it('a fresh bucket allows `burst` requests at once, then refuses with Retry-After', () => {
    const [a, b, c, d] = run([0, 0, 0, 0]);
    expect([a, b, c, d].map((x) => x!.allowed)).toEqual([true, true, true, false]);
    expect([a, b, c].map((x) => x!.remaining)).toEqual([2, 1, 0]);
    expect(a!.update).toBe('reset');
    expect(b!.update).toBe('advance');
    expect(d!.remaining).toBe(0);
    expect(d!.retryAfterSeconds).toBe(1); // one token back after 500 ms, rounded up
    expect(c!.resetSeconds).toBe(2); // full again 1.5 s later
  });

  it('refills at `rate` per second, never above `burst`', () => {
    const results = run([0, 0, 0, 500, 500, 1000]);
    expect(results.map((x) => x.allowed)).toEqual([true, true, true, true, false, true]);
    const idle = run([0, 60_000, 60_000, 60_000, 60_000]);
    expect(idle.map((x) => x.allowed)).toEqual([true, true, true, true, false]);
  });

  it('a refused request changes nothing', () => {
    const d = decide(policy, 1500, 0);
    expect(d).toMatchObject({ allowed: false, tat: 1500, update: 'none' });
    expect(d.retryAfterSeconds).toBe(1);
    expect(decide({ rate: 0.1, burst: 1 }, 10_000, 0).retryAfterSeconds).toBe(10);
  });
});

describe('Idempotency-Key fingerprint', () => {
  it('ignores key order in bodies and query, not values, paths or methods', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":2,"y":1}]},"b":1}',
    );
    const base = fingerprintOf('POST', '/api/orders', { a: '1', b: '2' }, { x: 1, y: 2 });
    expect(fingerprintOf('POST', '/api/orders', { b: '2', a: '1' }, { y: 2, x: 1 })).toBe(base);
    expect(fingerprintOf('POST', '/api/orders', { a: '1', b: '2' }, { x: 1, y: 3 })).not.toBe(base);
    expect(fingerprintOf('POST', '/api/2.0/orders', { a: '1', b: '2' }, { x: 1, y: 2 })).not.toBe(base);
    expect(fingerprintOf('PUT', '/api/orders', { a: '1', b: '2' }, { x: 1, y: 2 })).not.toBe(base);
    expect(fingerprintOf('POST', '/api/orders', { a: '1' }, { x: 1, y: 2 })).not.toBe(base);
  });

  it('honours the header on POST and PUT only, 1 to 255 characters', () => {
    expect(idempotencyKeyOf({ method: 'POST', headers: { 'idempotency-key': 'k' } })).toBe('k');
    expect(idempotencyKeyOf({ method: 'PUT', headers: { 'idempotency-key': 'x'.repeat(255) } })).toHaveLength(255);
    expect(idempotencyKeyOf({ method: 'GET', headers: { 'idempotency-key': '' } })).toBeUndefined();
    expect(idempotencyKeyOf({ method: 'DELETE', headers: { 'idempotency-key': 'k' } })).toBeUndefined();
    expect(idempotencyKeyOf({ method: 'POST', headers: {} })).toBeUndefined();
    expect(() => idempotencyKeyOf({ method: 'POST', headers: { 'idempotency-key': '' } })).toThrow(/1 to 255/);
    expect(() => idempotencyKeyOf({ method: 'POST', headers: { 'idempotency-key': 'x'.repeat(256) } })).toThrow(
      /1 to 255/,
    );
  });
});
