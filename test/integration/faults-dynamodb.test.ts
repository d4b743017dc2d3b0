/**
 * DynamoDB failing under the handlers (docs/architecture.md: throttling or unreachability → 503 with
 * Retry-After). The handlers run in-process; a middleware on the singleton document client
 * (lib/db/client.ts) throws on a chosen call, before the SDK's own retries, the way the SDK reports a
 * throttle after it gave up (ProvisionedThroughputExceededException) or a refused connection
 * (code ECONNREFUSED). Every case checks: the contract's error format, `Retry-After`, nothing half-written
 * (a snapshot of the whole table, read with a client of its own), and that the same request succeeds
 * once the fault is gone.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The injected failures are logged at warn with their stacks; read before lib/log.ts is loaded.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

import { handler as phpHandler } from '../../functions/legacy/api-php.js';
import { handler as membershipsList } from '../../functions/memberships/list.js';
import { handler as membershipsUpdate } from '../../functions/memberships/update.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsDelete } from '../../functions/usergroups/delete.js';
import { handler as usergroupsList } from '../../functions/usergroups/list.js';
import { handler as usergroupsUpdate } from '../../functions/usergroups/update.js';
import { handler as usersCreate } from '../../functions/users/create.js';
import { handler as usersDelete } from '../../functions/users/delete.js';
import { handler as usersGet } from '../../functions/users/get.js';
import { handler as usersList } from '../../functions/users/list.js';
import { handler as usersUpdate } from '../../functions/users/update.js';
import { handler as versionGet } from '../../functions/version/get.js';
import { createDocumentClient, db, setDocumentClientForTests } from '../../lib/db/client.js';
import { keys } from '../../lib/db/keys.js';
import { setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import {
  type Answer,
  diffSnapshots,
  event,
  expectContractError,
  getItem,
  invoke,
  type KeyedUser,
  keyedUser,
  type SnapshotDiff,
  snapshotTable,
  uniqueAddress,
  uniqueIp,
} from './hostile-support.js';

const INJECTOR = 'faultInjector';

/** What the SDK throws when DynamoDB keeps throttling after its own retries. */
function throttled(): Error {
  return Object.assign(new Error('The level of configured provisioned throughput for the table was exceeded.'), {
    name: 'ProvisionedThroughputExceededException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400, attempts: 3 },
  });
}

/** What Node's HTTP stack throws when nothing listens on the endpoint. */
function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
  });
}

interface Injection {
  /** Command names seen by the client while the injector was installed, in order ('TransactWriteItemsCommand', ...). */
  seen: string[];
  /** How many calls were failed. */
  failed: number;
}

/**
 * Fails the calls `shouldFail` picks (by command name and 1-based position among all calls) with `error()`.
 * Installed on the handlers' singleton client at the initialize step, so the SDK's retries never see the call.
 */
function injectFault(shouldFail: (command: string, position: number) => boolean, error: () => Error): Injection {
  const injection: Injection = { seen: [], failed: 0 };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName);
      injection.seen.push(command);
      if (shouldFail(command, injection.seen.length)) {
        injection.failed++;
        throw error();
      }
      return next(args);
    },
    { step: 'initialize', name: INJECTOR, override: true },
  );
  return injection;
}

/** Fails the n-th call of one command (1-based), every other call goes through. */
const nthOf = (name: string, n = 1) => {
  let count = 0;
  return (command: string) => command === name && ++count === n;
};

function removeFault(): void {
  db().middlewareStack.remove(INJECTOR);
}

/** SPEC §3 + README: 503, the contract's body, Retry-After, nothing of the internals. */
function expectUnavailable(answer: Answer): void {
  expectContractError(answer, 503, 'Service Unavailable');
  expect(Object.keys(answer.json).sort()).toEqual(['message', 'status']);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0, `Retry-After: ${answer.headers['retry-after']}`).toBe(true);
  expect(answer.body).not.toMatch(/Provisioned|ECONNREFUSED|127\.0\.0\.1|throughput/i);
}

/** No item changed except the ones named (id counters move on a failed create: ids are never reused). */
function expectOnlyChanged(diff: SnapshotDiff, allowed: (key: string) => boolean = () => false): void {
  const unexpected = [...diff.added, ...diff.removed, ...diff.changed].filter((key) => !allowed(key));
  expect(unexpected, `half-written: ${JSON.stringify(diff)}`).toEqual([]);
}

const counters = (key: string) => key.startsWith('COUNTER#');

afterEach(() => {
  removeFault();
});

describe('DynamoDB throttles (ProvisionedThroughputExceededException)', () => {
  let admin: KeyedUser;
  beforeAll(async () => {
    admin = await keyedUser('A', { root: true });
  });
  const as = () => ({ auth: admin.auth });

  it('POST /users failing in its transaction → 503; no user, no login item, the e-mail still free; then 201', async () => {
    const email = uniqueAddress('fault-create');
    const before = await snapshotTable();
    const injection = injectFault(nthOf('TransactWriteItemsCommand'), throttled);
    const failed = await invoke(
      usersCreate,
      event('POST', '/api/users', { ...as(), body: { email, user_type: 'C', firstname: 'Half' } }),
    );
    expect(injection.failed).toBe(1);
    expectUnavailable(failed);
    removeFault();

    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    expect(await getItem(keys.login(email.toLowerCase()))).toBeUndefined();
    const search = await invoke(usersList, event('GET', '/api/users', { ...as(), query: { email } }));
    expect(search.json.users).toEqual([]);

    const retried = await invoke(
      usersCreate,
      event('POST', '/api/users', { ...as(), body: { email, user_type: 'C', firstname: 'Half' } }),
    );
    expect(retried.status, retried.body).toBe(201);
    const read = await invoke(usersGet, event('GET', `/api/users/${retried.json.user_id}`, as()));
    expect(read.json).toMatchObject({ email, firstname: 'Half', user_type: 'C' });
  });

  it('POST /usergroups failing on the id counter → 503, nothing created; then 201', async () => {
    const name = `fault-group-${Date.now()}`;
    const before = await snapshotTable();
    const injection = injectFault(nthOf('UpdateItemCommand'), throttled);
    expectUnavailable(
      await invoke(
        usergroupsCreate,
        event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A', usergroup: name } }),
      ),
    );
    expect(injection.failed).toBe(1);
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));

    const retried = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A', usergroup: name } }),
    );
    expect(retried.status).toBe(201);
    const list = await invoke(usergroupsList, event('GET', '/api/usergroups', as()));
    expect(Object.values(list.json).filter((group: any) => group.usergroup === name)).toHaveLength(1);
  });

  it('POST /usergroups failing on the item write → 503, no group (the id is a gap); then 201', async () => {
    const name = `fault-put-${Date.now()}`;
    const before = await snapshotTable();
    injectFault(nthOf('PutItemCommand'), throttled);
    expectUnavailable(
      await invoke(
        usergroupsCreate,
        event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A', usergroup: name } }),
      ),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    expect(
      (
        await invoke(
          usergroupsCreate,
          event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A', usergroup: name } }),
        )
      ).status,
    ).toBe(201);
  });

  it('a membership PUT failing in its transaction → 503; the link stays as it was (status, link_id, login); then 200', async () => {
    const user = await invoke(
      usersCreate,
      event('POST', '/api/users', { ...as(), body: { email: uniqueAddress('fault-member'), user_type: 'C' } }),
    );
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A' } }),
    );
    const [uid, gid] = [user.json.user_id as number, group.json.usergroup_id as number];
    const path = `/api/users/${uid}/usergroups/${gid}`;
    expect((await invoke(membershipsUpdate, event('PUT', path, { ...as(), body: { status: 'P' } }))).status).toBe(200);
    const linkBefore = (await invoke(membershipsList, event('GET', `/api/users/${uid}/usergroups`, as()))).json;
    expect(linkBefore[gid]).toMatchObject({ status: 'P' });

    const before = await snapshotTable();
    const injection = injectFault(nthOf('TransactWriteItemsCommand'), throttled);
    expectUnavailable(await invoke(membershipsUpdate, event('PUT', path, { ...as(), body: { status: 'A' } })));
    expect(injection.failed).toBe(1);
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    expect((await invoke(membershipsList, event('GET', `/api/users/${uid}/usergroups`, as()))).json).toEqual(
      linkBefore,
    );

    expect((await invoke(membershipsUpdate, event('PUT', path, { ...as(), body: { status: 'A' } }))).status).toBe(200);
    const after = (await invoke(membershipsList, event('GET', `/api/users/${uid}/usergroups`, as()))).json;
    expect(after[gid]).toEqual({ ...linkBefore[gid], status: 'A' });
  });

  it('a first link failing in its transaction → 503, no link (the link id is a gap); then 200', async () => {
    const user = await invoke(
      usersCreate,
      event('POST', '/api/users', { ...as(), body: { email: uniqueAddress('fault-new-link'), user_type: 'C' } }),
    );
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A' } }),
    );
    const path = `/api/users/${user.json.user_id}/usergroups/${group.json.usergroup_id}`;
    const before = await snapshotTable();
    injectFault(nthOf('TransactWriteItemsCommand'), throttled);
    expectUnavailable(await invoke(membershipsUpdate, event('PUT', path, { ...as(), body: { status: 'A' } })));
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    expect(
      (await invoke(membershipsList, event('GET', `/api/users/${user.json.user_id}/usergroups`, as()))).json,
    ).toEqual({});
    expect((await invoke(membershipsUpdate, event('PUT', path, { ...as(), body: { status: 'A' } }))).status).toBe(200);
  });

  it('PUT /users/:id changing the e-mail, failing in its transaction → 503; old e-mail still logs in, new one still free; then 200', async () => {
    const target = await keyedUser('A');
    const newEmail = uniqueAddress('fault-renamed');
    const before = await snapshotTable();
    injectFault(nthOf('TransactWriteItemsCommand'), throttled);
    expectUnavailable(
      await invoke(
        usersUpdate,
        event('PUT', `/api/users/${target.userId}`, { ...as(), body: { email: newEmail, firstname: 'X' } }),
      ),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));
    expect(
      (await invoke(versionGet, event('GET', '/api/version', { auth: target.auth, sourceIp: uniqueIp() }))).status,
    ).toBe(200);
    expect(await getItem(keys.login(newEmail))).toBeUndefined();

    expect(
      (await invoke(usersUpdate, event('PUT', `/api/users/${target.userId}`, { ...as(), body: { email: newEmail } })))
        .status,
    ).toBe(200);
    expect(
      (await invoke(versionGet, event('GET', '/api/version', { auth: [newEmail, target.key], sourceIp: uniqueIp() })))
        .status,
    ).toBe(200);
  });

  it('DELETE /users/:id failing in its transaction → 503; profile, login and links intact; then 204', async () => {
    const target = await keyedUser('C');
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A' } }),
    );
    await invoke(
      membershipsUpdate,
      event('PUT', `/api/users/${target.userId}/usergroups/${group.json.usergroup_id}`, {
        ...as(),
        body: { status: 'A' },
      }),
    );
    const before = await snapshotTable();
    injectFault(nthOf('TransactWriteItemsCommand'), throttled);
    expectUnavailable(await invoke(usersDelete, event('DELETE', `/api/users/${target.userId}`, as())));
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));
    expect((await invoke(usersGet, event('GET', `/api/users/${target.userId}`, as()))).status).toBe(200);

    expect((await invoke(usersDelete, event('DELETE', `/api/users/${target.userId}`, as()))).status).toBe(204);
    expect((await invoke(usersGet, event('GET', `/api/users/${target.userId}`, as()))).status).toBe(404);
    expect(await getItem(keys.login(target.email))).toBeUndefined();
  });

  it('PUT /usergroups/:id failing on its write → 503, group unchanged; then 200', async () => {
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A', usergroup: 'before' } }),
    );
    const gid = group.json.usergroup_id as number;
    const before = await snapshotTable();
    injectFault(nthOf('UpdateItemCommand'), throttled);
    expectUnavailable(
      await invoke(
        usergroupsUpdate,
        event('PUT', `/api/usergroups/${gid}`, { ...as(), body: { type: 'C', status: 'H', usergroup: 'after' } }),
      ),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));
    expect(
      (
        await invoke(
          usergroupsUpdate,
          event('PUT', `/api/usergroups/${gid}`, { ...as(), body: { type: 'C', status: 'H', usergroup: 'after' } }),
        )
      ).status,
    ).toBe(200);
  });

  it('DELETE /usergroups/:id failing on the delete → 503, group and links intact; then 204 and no link visible', async () => {
    const member = await keyedUser('C');
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A' } }),
    );
    const gid = group.json.usergroup_id as number;
    await invoke(
      membershipsUpdate,
      event('PUT', `/api/users/${member.userId}/usergroups/${gid}`, { ...as(), body: { status: 'A' } }),
    );
    const before = await snapshotTable();
    injectFault(nthOf('DeleteItemCommand'), throttled);
    expectUnavailable(await invoke(usergroupsDelete, event('DELETE', `/api/usergroups/${gid}`, as())));
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));
    expect(
      (await invoke(membershipsList, event('GET', `/api/users/${member.userId}/usergroups`, as()))).json,
    ).toHaveProperty(String(gid));

    expect((await invoke(usergroupsDelete, event('DELETE', `/api/usergroups/${gid}`, as()))).status).toBe(204);
    expect(
      (await invoke(membershipsList, event('GET', `/api/users/${member.userId}/usergroups`, as()))).json,
    ).not.toHaveProperty(String(gid));
  });

  it('DELETE /usergroups/:id whose link cleanup is throttled after the delete → 204 and no link visible', async () => {
    const member = await keyedUser('C');
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'C', status: 'A' } }),
    );
    const gid = group.json.usergroup_id as number;
    await invoke(
      membershipsUpdate,
      event('PUT', `/api/users/${member.userId}/usergroups/${gid}`, { ...as(), body: { status: 'A' } }),
    );
    injectFault((command) => command === 'BatchWriteItemCommand', throttled);
    const deleted = await invoke(usergroupsDelete, event('DELETE', `/api/usergroups/${gid}`, as()));
    removeFault();
    // The delete committed (the group item is the commit point); the leftover link is invisible.
    expect(deleted.status).toBe(204);
    expect(
      (await invoke(membershipsList, event('GET', `/api/users/${member.userId}/usergroups`, as()))).json,
    ).not.toHaveProperty(String(gid));
    expect((await invoke(usergroupsDelete, event('DELETE', `/api/usergroups/${gid}`, as()))).status).toBe(404);
  });

  it('authentication itself throttled (the first call of every request) → 503, not 401, and no failed attempt counted; then 200', async () => {
    const ip = uniqueIp();
    injectFault((_command, position) => position === 1, throttled);
    expectUnavailable(await invoke(usergroupsList, event('GET', '/api/usergroups', { ...as(), sourceIp: ip })));
    removeFault();
    expect(await getItem(keys.throttle(admin.email, ip))).toBeUndefined();
    expect((await invoke(usergroupsList, event('GET', '/api/usergroups', { ...as(), sourceIp: ip }))).status).toBe(200);
  });

  it('a non-root caller whose privilege lookup is throttled → 503, not 403; then 200', async () => {
    const plain = await keyedUser('A');
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'A', status: 'A' } }),
    );
    await setUsergroupPrivileges(group.json.usergroup_id, ['view_usergroups']);
    expect(
      (
        await invoke(
          membershipsUpdate,
          event('PUT', `/api/users/${plain.userId}/usergroups/${group.json.usergroup_id}`, {
            ...as(),
            body: { status: 'A' },
          }),
        )
      ).status,
    ).toBe(200);
    const ip = uniqueIp();
    // The first BatchGetItem authenticates, the second reads the caller's groups (lib/auth/authorize.ts).
    const injection = injectFault(nthOf('BatchGetItemCommand', 2), throttled);
    const answer = await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: plain.auth, sourceIp: ip }));
    removeFault();
    expect(injection.failed).toBe(1);
    expectUnavailable(answer);
    expect(
      (await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: plain.auth, sourceIp: ip }))).status,
    ).toBe(200);
  });

  it('the api.php dispatcher answers a throttle the same way', async () => {
    injectFault(nthOf('QueryCommand'), throttled);
    expectUnavailable(
      await invoke(phpHandler, event('GET', '/api.php', { ...as(), query: { _d: 'usergroups', ajax_custom: '1' } })),
    );
    removeFault();
    expect(
      (await invoke(phpHandler, event('GET', '/api.php', { ...as(), query: { _d: 'usergroups', ajax_custom: '1' } })))
        .status,
    ).toBe(200);
  });
});

describe('DynamoDB unreachable (ECONNREFUSED)', () => {
  let admin: KeyedUser;
  beforeAll(async () => {
    admin = await keyedUser('A', { root: true });
  });

  it('on the first TransactWriteItems of POST /users → 503, nothing written; then 201', async () => {
    const email = uniqueAddress('refused');
    const before = await snapshotTable();
    injectFault(nthOf('TransactWriteItemsCommand'), refused);
    expectUnavailable(
      await invoke(usersCreate, event('POST', '/api/users', { auth: admin.auth, body: { email, user_type: 'C' } })),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    expect(
      (await invoke(usersCreate, event('POST', '/api/users', { auth: admin.auth, body: { email, user_type: 'C' } })))
        .status,
    ).toBe(201);
  });

  it('on every call → 503 for reads and writes alike; then everything works again', async () => {
    const before = await snapshotTable();
    injectFault(() => true, refused);
    expectUnavailable(await invoke(usersList, event('GET', '/api/users', { auth: admin.auth })));
    expectUnavailable(
      await invoke(
        usergroupsCreate,
        event('POST', '/api/usergroups', { auth: admin.auth, body: { type: 'C', status: 'A' } }),
      ),
    );
    // Even a request with bad credentials cannot be judged: 503, not 401.
    expectUnavailable(
      await invoke(
        versionGet,
        event('GET', '/api/version', { auth: [uniqueAddress('nobody'), 'x'], sourceIp: uniqueIp() }),
      ),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));
    expect((await invoke(usersList, event('GET', '/api/users', { auth: admin.auth }))).status).toBe(200);
  });

  it('a client pointed at a closed port → 503 quickly (the SDK retries included); restoring the client recovers', async () => {
    const original = db();
    const savedEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    const { createServer } = await import('node:net');
    // A port that was free a moment ago and now is closed: connect() is refused at once.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${port}`;
    const unreachable = createDocumentClient();
    setDocumentClientForTests(unreachable);
    try {
      const started = Date.now();
      expectUnavailable(await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: admin.auth })));
      expectUnavailable(
        await invoke(
          usersCreate,
          event('POST', '/api/users', { auth: admin.auth, body: { email: uniqueAddress('closed'), user_type: 'C' } }),
        ),
      );
      const elapsed = Date.now() - started;
      console.log(`closed port: two 503s in ${elapsed} ms (SDK maxAttempts 3 each)`);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = savedEndpoint;
      setDocumentClientForTests(original);
      unreachable.destroy();
    }
    expect((await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: admin.auth }))).status).toBe(200);
  });
});
