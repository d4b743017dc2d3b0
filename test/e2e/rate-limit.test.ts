/**
 * The per-user rate limit (docs/architecture.md, "Rate limits"): a token bucket per API user in DynamoDB.
 *
 * - Over real HTTP (serverless offline, local stage: 1000 per second, burst 2000 — the suite must never meet
 *   it): every authenticated answer, success or error, carries RateLimit-Limit/Remaining/Reset; none without
 *   credentials; preflights allow Idempotency-Key and CORS exposes the headers.
 * - With small limits (RATE_LIMIT_PER_SECOND=2, RATE_LIMIT_BURST=3), the handlers invoked in-process through their
 *   whole middy stack against the same DynamoDB Local: 429 + Retry-After when the bucket is empty, a refused write
 *   changes nothing, refill after the interval, and each user's bucket is their own. (A second serverless offline
 *   with other limits would rebuild every bundle in the same working copy as the suite's own one.)
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsGet } from '../../functions/usergroups/get.js';
import { handler as versionGet } from '../../functions/version/get.js';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { keys } from '../../lib/db/keys.js';
import { leaseSizeOf, noteBucket, takeToken } from '../../lib/db/rate-limit.js';
import { event, type Handler, invoke } from '../integration/hostile-support.js';
import { type ApiUser, createAdmin, createRoot, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

describe('RateLimit-* headers over HTTP', () => {
  it('on every authenticated answer, success or error; the numbers are the local stage bucket', async () => {
    for (const [method, path] of [
      ['GET', '/api/version'],
      ['GET', '/api/usergroups/999999999'],
      ['GET', '/api/nothing-here'],
    ] as const) {
      const answer = await api(method, path);
      expect(answer.headers.get('ratelimit-limit'), `${method} ${path}`).toBe('2000');
      const remaining = Number(answer.headers.get('ratelimit-remaining'));
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThan(2000);
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(0);
    }
  });

  it('none without valid credentials (nobody to count them against)', async () => {
    const answer = await api('GET', '/api/version', { auth: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('the token bucket with small limits (2 per second, burst 3), in-process', () => {
  let other: ApiUser;
  let saved: [string | undefined, string | undefined];
  beforeAll(async () => {
    saved = [process.env.RATE_LIMIT_PER_SECOND, process.env.RATE_LIMIT_BURST];
    other = await createRoot();
    process.env.RATE_LIMIT_PER_SECOND = '2';
    process.env.RATE_LIMIT_BURST = '3';
  });
  afterAll(() => {
    if (saved[0] === undefined) delete process.env.RATE_LIMIT_PER_SECOND;
    else process.env.RATE_LIMIT_PER_SECOND = saved[0];
    if (saved[1] === undefined) delete process.env.RATE_LIMIT_BURST;
    else process.env.RATE_LIMIT_BURST = saved[1];
  });
  // The bucket refills every 500 ms; on a loaded machine four sequential in-process requests can take longer than
  // that, so the clock the bucket reads (Date.now) stands still within a test and moves only where the test says.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const version = (auth?: readonly [string, string]) =>
    invoke(versionGet as Handler, event('GET', '/api/version', auth ? { auth } : {}));

  it('burst of 3, then 429 with Retry-After and the contract body; refills; other users are independent', async () => {
    const me = await createRoot();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await version(me.auth));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, 3).map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    const refused = answers[3]!;
    expect(refused.json).toEqual({ message: 'Too Many Requests', status: 429 });
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['ratelimit-limit']).toBe('3');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);

    // Another user's bucket is full.
    const theirs = await version(other.auth);
    expect(theirs.status).toBe(200);
    expect(Number(theirs.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(1);

    // One token every 500 ms.
    vi.setSystemTime(Date.now() + 600);
    const refilled = await version(me.auth);
    expect(refilled.status).toBe(200);
    expect((await version(me.auth)).status).toBe(429);
  });

  it('racing requests of one user on a fresh bucket: exactly `burst` pass', async () => {
    const me = await createRoot();
    const answers = await Promise.all(Array.from({ length: 8 }, () => version(me.auth)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('a refused write changes nothing; the 429 comes before route and body judgements', async () => {
    const me = await createRoot();
    for (let i = 0; i < 3; i++) expect((await version(me.auth)).status).toBe(200);
    const idBefore = (
      await api('POST', '/api/usergroups', { body: { type: 'C', status: 'A', usergroup: `before-${uid()}` } })
    ).json.usergroup_id as number;
    const write = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', {
        auth: me.auth,
        body: { type: 'C', status: 'A', usergroup: `limited-${uid()}` },
      }),
    );
    expect(write.status).toBe(429);
    expect(write.json).toEqual({ message: 'Too Many Requests', status: 429 });
    const malformed = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { auth: me.auth, body: '{', headers: { 'Content-Type': 'application/json' } }),
    );
    expect(malformed.status).toBe(429);
    const unknown = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/no-such-entity', { auth: me.auth, body: { a: 1 } }),
    );
    expect(unknown.status).toBe(429);
    // The refused create took no id: the next group's id follows the one before it.
    const idAfter = (
      await api('POST', '/api/usergroups', { body: { type: 'C', status: 'A', usergroup: `after-${uid()}` } })
    ).json.usergroup_id as number;
    expect(idAfter).toBe(idBefore + 1);
  });

  it('the 429 comes before the privileges: an administrator without them is refused for the rate, then for them', async () => {
    const outsider = await createAdmin([]);
    for (let i = 0; i < 3; i++) expect((await version(outsider.auth)).status).toBe(200);
    const write = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { auth: outsider.auth, body: { type: 'C', status: 'A' } }),
    );
    const read = await invoke(usergroupsGet as Handler, event('GET', '/api/usergroups/1', { auth: outsider.auth }));
    expect([write.status, read.status]).toEqual([429, 429]);
    // With a token again, the privileges refuse.
    vi.setSystemTime(Date.now() + 600);
    const again = await invoke(usergroupsGet as Handler, event('GET', '/api/usergroups/1', { auth: outsider.auth }));
    expect(again.status).toBe(403);
  });

  it('RATE_LIMIT_PER_SECOND=0 turns it off: no headers, no 429', async () => {
    const me = await createRoot();
    process.env.RATE_LIMIT_PER_SECOND = '0';
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => version(me.auth)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers[0]!.headers['ratelimit-limit']).toBeUndefined();
    } finally {
      process.env.RATE_LIMIT_PER_SECOND = '2';
    }
  });
});

describe('leases: an instance takes several tokens in one call while the bucket stays at least half full', () => {
  const policy = { rate: 1, burst: 40 }; // lease size 2 (a twentieth of the burst)
  const storedTat = async (userId: string) =>
    (
      await db().send(
        new GetCommand({ TableName: config().tableName, Key: keys.rateLimit(userId), ConsistentRead: true }),
      )
    ).Item?.tat as number | undefined;

  it('one instance still gets exactly `burst` requests at once, with fewer DynamoDB calls than requests', async () => {
    expect(leaseSizeOf(policy)).toBe(2);
    const userId = `lease-${uid()}@example.com`;
    const now = Date.now();
    const send = vi.spyOn(db(), 'send');
    try {
      const first = await takeToken(userId, policy, () => now);
      expect(first.allowed).toBe(true);
      // Two tokens taken in one UpdateItem: the stored tat moved two intervals.
      expect(await storedTat(userId)).toBe(now + 2000);
      const callsBefore = send.mock.calls.length;
      const second = await takeToken(userId, policy, () => now);
      expect(second.allowed).toBe(true);
      expect(send.mock.calls.length, 'the second request uses the lease: no call').toBe(callsBefore);
      const decisions = [first, second];
      for (let i = 0; i < 40; i++) decisions.push(await takeToken(userId, policy, () => now));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(40);
      expect(decisions.slice(40).map((d) => d.allowed)).toEqual([false, false]);
      expect(decisions.map((d) => d.remaining).slice(0, 40)).toEqual(
        [...Array(40).keys()].map((i) => 39 - i).map((n) => Math.min(n, 39)),
      );
      const updates = send.mock.calls.filter(([command]) => command instanceof UpdateCommand).length;
      expect(updates, "the spy sees the bucket's calls").toBeGreaterThan(0);
      expect(updates).toBeLessThan(40);
      expect(await storedTat(userId)).toBe(now + 40_000);
    } finally {
      send.mockRestore();
    }
  });

  it('100 racing requests of one user, far below the limit, are all admitted: leases never make them lose the race', async () => {
    const bucket = `race-${uid()}@example.com`;
    const generous = { rate: 1000, burst: 2000 };
    noteBucket(bucket, undefined); // as authentication reports a user without a bucket item yet
    const decisions = await Promise.all(Array.from({ length: 100 }, () => takeToken(bucket, generous)));
    expect(decisions.filter((d) => !d.allowed)).toEqual([]);
  });
});
