/**
 * SPEC §4 brute-force limiter, exactly as written: failures counted per (e-mail, source IP), unknown e-mails
 * like known ones; after 10 within 15 minutes, 429 {"message":"Too Many Requests","status":429} with
 * Retry-After for that pair — the right key included — until the window ends; refused attempts are not
 * counted and do not extend it; the count lives in DynamoDB with a TTL; another address is never locked.
 *
 * In-process (the handlers with hand-built events), because only there can the source IP vary
 * (serverless offline always reports 127.0.0.1), and the window's start can be moved into the past by
 * writing the THROTTLE item directly (lib/db/login-attempts.ts, lib/db/keys.ts). Every test uses its own
 * administrator and its own addresses, so nothing here can lock the bootstrap root.
 */
import { DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as phpHandler } from '../../functions/legacy/api-php.js';
import { handler as usergroupsList } from '../../functions/usergroups/list.js';
import { handler as usersUpdate } from '../../functions/users/update.js';
import { handler as versionGet } from '../../functions/version/get.js';
import { keys } from '../../lib/db/keys.js';
import { MAX_FAILURES, WINDOW_SECONDS } from '../../lib/db/login-attempts.js';
import { TTL_ATTRIBUTE } from '../../lib/db/schema.js';
import { basicAuth } from '../support/http.js';
import {
  type Answer,
  event,
  expectContractError,
  invoke,
  type KeyedUser,
  keyedUser,
  putItem,
  tableName,
  throttleItem,
  uniqueAddress,
  uniqueIp,
} from './hostile-support.js';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

const TOO_MANY = { message: 'Too Many Requests', status: 429 };
const UNAUTHORIZED = { message: 'Unauthorized', status: 401 };

const now = () => Math.floor(Date.now() / 1000);

function version(auth: readonly [string, string] | null, sourceIp: string, headers: Record<string, string> = {}) {
  return invoke(versionGet, event('GET', '/api/version', { auth, sourceIp, headers }));
}

function expectUnauthorized(answer: Answer): void {
  expectContractError(answer, 401);
  expect(answer.json).toEqual(UNAUTHORIZED);
  expect(answer.headers['www-authenticate']).toBe('Basic realm="User email/API key"');
}

/** The exact 429 of SPEC §4, with a Retry-After that points at the end of the window (± clock skew). */
function expectLocked(answer: Answer, windowEndsAt?: number): void {
  expectContractError(answer, 429);
  expect(answer.json).toEqual(TOO_MANY);
  expect(answer.body).toBe('{"message":"Too Many Requests","status":429}');
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `Retry-After: ${answer.headers['retry-after']}`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  if (windowEndsAt !== undefined) expect(Math.abs(retryAfter - (windowEndsAt - now()))).toBeLessThanOrEqual(2);
  // A locked answer does not say whether the e-mail exists or the key was right.
  expect(answer.headers['www-authenticate']).toBeUndefined();
}

/** `count` failed attempts for (email, ip), each a plain 401. */
async function fail(email: string, ip: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    expectUnauthorized(await version([email, `wrong-key-${i}`], ip));
  }
}

describe('the limit: 10 failures per (e-mail, source IP) within 15 minutes', () => {
  let admin: KeyedUser;
  beforeAll(async () => {
    admin = await keyedUser('A');
  });

  it('9 failures do not lock; the 10th does — for every further attempt of the pair, the right key included', async () => {
    const ip = uniqueIp();
    await fail(admin.email, ip, MAX_FAILURES - 1);
    // Still open after 9: the right key works (and a success does not need to reset anything for the test).
    expect((await version(admin.auth, ip)).status).toBe(200);
    await fail(admin.email, ip, 1);
    const window = await throttleItem(admin.email, ip);
    expect(window).toMatchObject({ count: MAX_FAILURES });
    const endsAt = Number(window!.window_start) + WINDOW_SECONDS;
    expectLocked(await version(admin.auth, ip), endsAt);
    expectLocked(await version([admin.email, 'still-wrong'], ip), endsAt);
    // Every entry point of the pair: an operation with privileges, and the api.php dispatcher.
    expectLocked(
      await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: admin.auth, sourceIp: ip })),
      endsAt,
    );
    expectLocked(
      await invoke(
        phpHandler,
        event('GET', '/api.php', { auth: admin.auth, sourceIp: ip, query: { _d: 'version', ajax_custom: '1' } }),
      ),
      endsAt,
    );
  });

  it('the right key from another address still works: an attacker cannot lock an administrator out of another address', async () => {
    const victim = await keyedUser('A');
    const attackerIp = uniqueIp();
    const victimIp = uniqueIp();
    await fail(victim.email, attackerIp, MAX_FAILURES);
    expectLocked(await version([victim.email, 'more'], attackerIp));
    expectLocked(await version(victim.auth, attackerIp));
    const fromHome = await version(victim.auth, victimIp);
    expect(fromHome.status).toBe(200);
    expect(fromHome.json).toEqual({ Version: '1.0' });
    expect(await throttleItem(victim.email, victimIp)).toBeUndefined();
  });

  it('another e-mail from the locked address is not affected (the key is the pair, not the address)', async () => {
    const [locked, neighbour] = await Promise.all([keyedUser('A'), keyedUser('A')]);
    const ip = uniqueIp();
    await fail(locked.email, ip, MAX_FAILURES);
    expectLocked(await version(locked.auth, ip));
    expect((await version(neighbour.auth, ip)).status).toBe(200);
  });

  it('the e-mail is counted case-insensitively: failures under any spelling add up to one pair', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const spelling = i % 2 === 0 ? user.email.toUpperCase() : user.email;
      expectUnauthorized(await version([spelling, `wrong-${i}`], ip));
    }
    expect(await throttleItem(user.email, ip)).toMatchObject({ count: MAX_FAILURES });
    expectLocked(await version([user.email.toUpperCase(), user.key], ip));
  });

  it('attempts refused with 429 are not counted and do not extend the window', async () => {
    const ip = uniqueIp();
    const user = await keyedUser('A');
    await fail(user.email, ip, MAX_FAILURES);
    const locked = await throttleItem(user.email, ip);
    for (let i = 0; i < 5; i++) expectLocked(await version([user.email, `more-${i}`], ip));
    expectLocked(await version(user.auth, ip));
    const after = await throttleItem(user.email, ip);
    expect(after).toEqual(locked);
  });

  it('concurrent failures lock the pair too (the count is one atomic item, not per instance)', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => version([user.email, `parallel-${i}`], ip)));
    for (const answer of answers) expect([401, 429]).toContain(answer.status);
    expectLocked(await version(user.auth, ip));
    const window = await throttleItem(user.email, ip);
    expect(Number(window!.count)).toBeGreaterThanOrEqual(MAX_FAILURES);
  });
});

describe('unknown e-mails are counted exactly like known ones (the limiter reveals nothing)', () => {
  it('10 failures for an e-mail nobody has → 429 for that pair, with the same body and headers as for a real account', async () => {
    const ghost = uniqueAddress('ghost');
    const real = await keyedUser('A');
    const ip = uniqueIp();
    await fail(ghost, ip, MAX_FAILURES);
    await fail(real.email, ip, MAX_FAILURES);
    const ghostLocked = await version([ghost, 'whatever'], ip);
    const realLocked = await version([real.email, 'whatever'], ip);
    expectLocked(ghostLocked);
    expectLocked(realLocked);
    expect(ghostLocked.body).toBe(realLocked.body);
    const names = (answer: Answer) => Object.keys(answer.headers).sort();
    expect(names(ghostLocked)).toEqual(names(realLocked));
    const [ghostWindow, realWindow] = await Promise.all([throttleItem(ghost, ip), throttleItem(real.email, ip)]);
    expect(Object.keys(ghostWindow!).sort()).toEqual(Object.keys(realWindow!).sort());
    expect(ghostWindow!.count).toBe(realWindow!.count);
  });

  it('every kind of 401 for a decodable email:key counts: wrong key, empty key, API access off, disabled user', async () => {
    const ip = uniqueIp();
    const wrongKey = await keyedUser('A');
    const emptyKey = await keyedUser('A');
    const disabled = await keyedUser('A');
    const root = await keyedUser('A', { root: true });
    expect(
      (
        await invoke(
          usersUpdate,
          event('PUT', `/api/users/${disabled.userId}`, {
            auth: root.auth,
            sourceIp: uniqueIp(),
            body: { status: 'D' },
          }),
        )
      ).status,
    ).toBe(200);
    // A customer never has API access (SPEC §4): its "key" is refused like a wrong one.
    const customer = await keyedUser('C');

    expectUnauthorized(await version([wrongKey.email, 'nope'], ip));
    expectUnauthorized(await version([emptyKey.email, ''], ip));
    expectUnauthorized(await version(disabled.auth, ip));
    expectUnauthorized(await version(customer.auth, ip));
    for (const email of [wrongKey.email, emptyKey.email, disabled.email, customer.email]) {
      expect(await throttleItem(email, ip), email).toMatchObject({ count: 1 });
    }
  });
});

describe('headers that do not decode to a non-empty e-mail and a colon count for no e-mail', () => {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const undecodable: Array<[string, string]> = [
    ['no colon', `Basic ${b64('no-colon-at-all')}`],
    ['empty e-mail', `Basic ${b64(':the-key')}`],
    ['blank e-mail', `Basic ${b64('   :the-key')}`],
    ['not base64', 'Basic !!!not-base64!!!'],
    ['scheme only', 'Basic'],
    ['other scheme', `Bearer ${b64('someone@example.com:key')}`],
    ['empty header', ''],
    ['e-mail over 254 characters', `Basic ${b64(`${'a'.repeat(250)}@x.example:key`)}`],
  ];

  it.each(undecodable)('%s → a plain 401, and no failure window is written for this address', async (_name, header) => {
    const ip = uniqueIp();
    for (let i = 0; i < MAX_FAILURES + 2; i++) {
      expectUnauthorized(await version(null, ip, { Authorization: header }));
    }
    // Nothing written under any e-mail for this address: the plausible keys are all absent.
    for (const email of ['', 'no-colon-at-all', 'someone@example.com', '   ', 'the-key']) {
      expect(await throttleItem(email, ip)).toBeUndefined();
    }
  });

  it('the scheme name is case-insensitive: "bAsIc" credentials are judged (and counted) like "Basic"', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    const header = basicAuth(user.email, 'wrong').replace(/^Basic/, 'bAsIc');
    expectUnauthorized(await version(null, ip, { Authorization: header }));
    expect(await throttleItem(user.email, ip)).toMatchObject({ count: 1 });
    expect(
      (await version(null, ip, { Authorization: basicAuth(user.email, user.key).replace(/^Basic/, 'BASIC') })).status,
    ).toBe(200);
  });
});

describe('the window lives in DynamoDB with a TTL, and ends', () => {
  it('the counter item has count, window_start and expires_at = window_start + 15 min, and the table expires items by expires_at', async () => {
    const ip = uniqueIp();
    const email = uniqueAddress('ttl');
    const before = now();
    await fail(email, ip, 1);
    const window = await throttleItem(email, ip);
    expect(window).toBeDefined();
    expect(window!.pk).toBe(keys.throttle(email, ip).pk);
    expect(window!.count).toBe(1);
    expect(Number(window!.window_start)).toBeGreaterThanOrEqual(before - 1);
    expect(Number(window!.window_start)).toBeLessThanOrEqual(now() + 1);
    expect(TTL_ATTRIBUTE).toBe('expires_at');
    expect(window!.expires_at).toBe(Number(window!.window_start) + WINDOW_SECONDS);

    const client = new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1' });
    try {
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName() }));
      expect(ttl.TimeToLiveDescription?.AttributeName).toBe('expires_at');
      expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toMatch(/ENABL/);
    } finally {
      client.destroy();
    }
  });

  it('a full window that started 15 min + 1 s ago no longer locks: the right key works', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    const start = now() - WINDOW_SECONDS - 1;
    await putItem({
      ...keys.throttle(user.email, ip),
      count: 25,
      window_start: start,
      expires_at: start + WINDOW_SECONDS,
    });
    expect((await version(user.auth, ip)).status).toBe(200);
  });

  it('after the window ends, a failure starts a new window at 1 (it does not stay locked)', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    const start = now() - WINDOW_SECONDS - 5;
    await putItem({
      ...keys.throttle(user.email, ip),
      count: MAX_FAILURES,
      window_start: start,
      expires_at: start + WINDOW_SECONDS,
    });
    expectUnauthorized(await version([user.email, 'wrong'], ip));
    const window = await throttleItem(user.email, ip);
    expect(window!.count).toBe(1);
    expect(Number(window!.window_start)).toBeGreaterThanOrEqual(now() - 2);
    expect(window!.expires_at).toBe(Number(window!.window_start) + WINDOW_SECONDS);
    expect((await version(user.auth, ip)).status).toBe(200);
  });

  it('a full window with one second left still locks, with Retry-After ≈ 1', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    const start = now() - WINDOW_SECONDS + 3;
    await putItem({
      ...keys.throttle(user.email, ip),
      count: MAX_FAILURES,
      window_start: start,
      expires_at: start + WINDOW_SECONDS,
    });
    const answer = await version(user.auth, ip);
    expectLocked(answer, start + WINDOW_SECONDS);
    expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(4);
  });

  it('failures spread over more than 15 minutes never lock: 9 old ones + 9 new ones', async () => {
    const user = await keyedUser('A');
    const ip = uniqueIp();
    const start = now() - WINDOW_SECONDS - 10;
    await putItem({
      ...keys.throttle(user.email, ip),
      count: MAX_FAILURES - 1,
      window_start: start,
      expires_at: start + WINDOW_SECONDS,
    });
    await fail(user.email, ip, MAX_FAILURES - 1);
    expect((await version(user.auth, ip)).status).toBe(200);
  });
});
