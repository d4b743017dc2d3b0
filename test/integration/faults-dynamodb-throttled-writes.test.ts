/**
 * DynamoDB throttling the writes of users, usergroups and memberships (docs/architecture.md: throttling →
 * 503 with Retry-After): creates, updates, deletes and links failing in their transaction, on an id counter or on a
 * cleanup after the delete leave nothing half-written.
 * The handlers run in-process; test/integration/faults-dynamodb-fixtures.ts throws on a chosen call of the document
 * client. Every case checks: the contract's error format, `Retry-After`, nothing half-written (a snapshot of the whole
 * table, read with a client of its own), and that the same request succeeds once the fault is gone.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The injected failures are logged at warn with their stacks; read before lib/log.ts is loaded.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

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
import { keys } from '../../lib/db/keys.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  counters,
  expectOnlyChanged,
  expectUnavailable,
  injectFault,
  nthOf,
  removeFault,
  throttled,
} from './faults-dynamodb-fixtures.js';
import {
  diffSnapshots,
  event,
  getItem,
  invoke,
  type KeyedUser,
  keyedUser,
  snapshotTable,
  uniqueAddress,
  uniqueIp,
} from './hostile-support.js';

// The snapshots before and after each fault read the whole table: on a table of its own, this file's items alone.
onOwnTable('faults-throttled', { bootstrapped: true });

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

  /** A customer usergroup with one active member, written through the handlers before any fault. */
  async function groupWithMember(): Promise<{ member: Awaited<ReturnType<typeof keyedUser>>; gid: number }> {
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
    return { member, gid };
  }

  it('DELETE /usergroups/:id failing on the delete → 503, group and links intact; then 204 and no link visible', async () => {
    const { member, gid } = await groupWithMember();
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
    const { member, gid } = await groupWithMember();
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
});
