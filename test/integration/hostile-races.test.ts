/**
 * Races at the database, with the handlers called in-process: many requests in flight in one Node process
 * reach DynamoDB Local truly concurrently, without serverless offline's per-request worker start-up (which
 * on a loaded 2-core machine turns a 50-request burst into Lambda timeouts that say nothing about the code).
 *
 * The last part makes one interleaving happen deterministically: a middleware on the handlers' document
 * client holds one request's transaction until another request has committed, then lets it go.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as membershipsGet } from '../../functions/memberships/get.js';
import { handler as membershipsUpdate } from '../../functions/memberships/update.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsDelete } from '../../functions/usergroups/delete.js';
import { handler as usergroupsGet } from '../../functions/usergroups/get.js';
import { handler as usergroupsUpdate } from '../../functions/usergroups/update.js';
import { handler as usersCreate } from '../../functions/users/create.js';
import { handler as usersDelete } from '../../functions/users/delete.js';
import { handler as usersGet } from '../../functions/users/get.js';
import { handler as usersUpdate } from '../../functions/users/update.js';
import { db } from '../../lib/db/client.js';
import { keys, padId } from '../../lib/db/keys.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import { getUser } from '../../lib/db/users.js';
import { event, getItem, invoke, keyedUser, uniqueAddress } from './hostile-support.js';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status);

async function newCustomer(): Promise<number> {
  const created = await invoke(
    usersCreate,
    event('POST', '/api/users', { body: { email: uniqueAddress('race'), user_type: 'C' } }),
  );
  expect(created.status, created.body).toBe(201);
  return created.json.user_id;
}

async function newCustomerGroup(): Promise<number> {
  const created = await invoke(
    usergroupsCreate,
    event('POST', '/api/usergroups', { body: { type: 'C', status: 'A' } }),
  );
  expect(created.status, created.body).toBe(201);
  return created.json.usergroup_id;
}

describe('ids stay unique under 50 parallel creates (in-process, truly concurrent at the database)', () => {
  it('50 POST /users: 50 distinct ids, each reading back its own e-mail', async () => {
    const emails = Array.from({ length: 50 }, () => uniqueAddress('burst'));
    const answers = await Promise.all(
      emails.map((email) => invoke(usersCreate, event('POST', '/api/users', { body: { email, user_type: 'C' } }))),
    );
    expect(statuses(answers)).toEqual(emails.map(() => 201));
    const ids = answers.map((answer) => answer.json.user_id as number);
    expect(new Set(ids).size).toBe(50);
    const reads = await Promise.all(ids.map((id) => invoke(usersGet, event('GET', `/api/users/${id}`))));
    expect(reads.map((read) => read.json.email)).toEqual(emails);
  });

  it('50 POST /usergroups: 50 distinct ids from 3 upwards, each reading back its own name', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `burst-${Date.now()}-${i}`);
    const answers = await Promise.all(
      names.map((usergroup) =>
        invoke(usergroupsCreate, event('POST', '/api/usergroups', { body: { type: 'C', status: 'A', usergroup } })),
      ),
    );
    expect(statuses(answers)).toEqual(names.map(() => 201));
    const ids = answers.map((answer) => answer.json.usergroup_id as number);
    expect(new Set(ids).size).toBe(50);
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(3);
    const reads = await Promise.all(ids.map((id) => invoke(usergroupsGet, event('GET', `/api/usergroups/${id}`))));
    expect(reads.map((read) => read.json.usergroup)).toEqual(names);
  });

  it('20 POST /users with one e-mail in 20 letter cases: exactly one 201, the others 400', async () => {
    const email = uniqueAddress('one-address');
    const spellings = Array.from({ length: 20 }, (_, i) =>
      [...email].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c)).join(''),
    );
    const answers = await Promise.all(
      spellings.map((spelling) =>
        invoke(usersCreate, event('POST', '/api/users', { body: { email: spelling, user_type: 'C' } })),
      ),
    );
    expect(statuses(answers).filter((status) => status === 201)).toHaveLength(1);
    expect(
      statuses(answers)
        .filter((status) => status !== 201)
        .every((status) => status === 400),
    ).toBe(true);
  });
});

describe('users: no lost update under heavy contention on one user (in-process)', () => {
  it('30 concurrent PUTs alternating firstname and lastname: 200 (or an honest 409), and the stored version counts every 200 exactly once', async () => {
    const userId = await newCustomer();
    const v0 = (await getUser(userId, defaultTableContext()))!.version;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        invoke(
          usersUpdate,
          event('PUT', `/api/users/${userId}`, { body: i % 2 ? { lastname: `L${i}` } : { firstname: `F${i}` } }),
        ),
      ),
    );
    const ok = answers.filter((answer) => answer.status === 200).length;
    const conflicts = answers.filter((answer) => answer.status === 409);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.status);
    for (const conflict of conflicts)
      expect(conflict.json).toEqual({ message: expect.stringMatching(/^Conflict: /), status: 409 });
    console.log(`30 concurrent PUTs on one user: ${ok} × 200, ${conflicts.length} × 409 (retries exhausted)`);
    const stored = (await getUser(userId, defaultTableContext()))!;
    // A lost update would leave the version short of the number of successes.
    expect(stored.version).toBe(v0 + ok);
    // Most writers get through; a storm answered mostly 409 would be a usability defect of its own.
    expect(ok).toBeGreaterThanOrEqual(15);
    expect(stored.firstname).toMatch(/^F\d+$/);
    expect(stored.lastname).toMatch(/^L\d+$/);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const HOLD = 'raceHold';

afterEach(() => {
  db().middlewareStack.remove(HOLD);
});

/**
 * Holds the first call of `command` whose input `matches` until `release` is called; `held` resolves once
 * that call is being held (so the test knows the request has read and judged everything it is going to).
 */
function holdCommand(command: string, matches: (input: Record<string, any>) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  let used = false;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName;
      if (!used && name === command && matches(args.input as Record<string, any>)) {
        used = true;
        reached();
        await released;
      }
      return next(args);
    },
    { step: 'initialize', name: HOLD, override: true },
  );
  return { held, release };
}

function holdTransaction(matches: (input: { TransactItems?: Array<Record<string, any>> }) => boolean) {
  return holdCommand('TransactWriteItemsCommand', matches);
}

describe('DELETE /users/:id racing a first membership write for the same user', () => {
  it('the link written while the delete is in flight goes with the user (no orphan link, the group can still become an administrator group)', async () => {
    const userId = await newCustomer();
    const groupId = await newCustomerGroup();
    // The delete reads the user's partition (no links yet), then its transaction is held...
    const gate = holdTransaction((input) =>
      (input.TransactItems ?? []).some(
        (item) => item.Delete?.Key?.pk === `USER#${userId}` && item.Delete?.Key?.sk === 'PROFILE',
      ),
    );
    const deleting = invoke(usersDelete, event('DELETE', `/api/users/${userId}`));
    await gate.held;
    // ...while a first link for that user commits.
    const linked = await invoke(
      membershipsUpdate,
      event('PUT', `/api/users/${userId}/usergroups/${groupId}`, { body: { status: 'A' } }),
    );
    gate.release();
    const deleted = await deleting;

    expect(linked.status, linked.body).toBe(200);
    // SPEC §8: DELETE /users/:id — "its links go with it". Either the delete saw the link and took it along, or it
    // failed and the user is still there; never a deleted user with a link left behind.
    const userGone = (await invoke(usersGet, event('GET', `/api/users/${userId}`))).status === 404;
    const orphan = await getItem(keys.link(userId, groupId));
    console.log(
      `delete → ${deleted.status}; user gone: ${userGone}; link item left: ${JSON.stringify(orphan ?? null)}`,
    );
    if (userGone) {
      expect
        .soft(orphan, `orphan link USER#${userId} / LINK#${padId(groupId)} left behind by the delete`)
        .toBeUndefined();
    } else {
      expect((await invoke(membershipsGet, event('GET', `/api/users/${userId}/usergroups/${groupId}`))).status).toBe(
        200,
      );
    }
    // The visible consequence of an orphan: the group "has customer members" forever, so SPEC §6's change to
    // type A is refused with a 400 although no member exists.
    const toAdmin = await invoke(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, { body: { type: 'A', status: 'A' } }),
    );
    if (userGone) expect(toAdmin.status, toAdmin.body).toBe(200);
  });
});

describe('the escalation guard judged on a group that changes type before the write (SPEC §5)', () => {
  /** A non-root administrator with view_users, view_usergroups and manage_usergroups (in-process fixtures). */
  async function groupManager() {
    const manager = await keyedUser('A');
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { body: { type: 'A', status: 'A' } }),
    );
    await setUsergroupPrivileges(
      group.json.usergroup_id,
      ['view_users', 'view_usergroups', 'manage_usergroups'],
      defaultTableContext(),
    );
    const linked = await invoke(
      membershipsUpdate,
      event('PUT', `/api/users/${manager.userId}/usergroups/${group.json.usergroup_id}`, { body: { status: 'A' } }),
    );
    expect(linked.status, linked.body).toBe(200);
    return manager;
  }

  it("a manager's link of an administrator into a customer group, committed after root made the group an administrator group, must not stand", async () => {
    const manager = await groupManager();
    const accomplice = await keyedUser('A');
    const groupId = await newCustomerGroup();
    // The manager's write is judged (customer group: allowed) and then held before it commits...
    const gate = holdTransaction((input) =>
      (input.TransactItems ?? []).some(
        (item) => item.Put?.Item?.pk === `USER#${accomplice.userId}` && item.Put?.Item?.sk === `LINK#${padId(groupId)}`,
      ),
    );
    const managerWrite = invoke(
      membershipsUpdate,
      event('PUT', `/api/users/${accomplice.userId}/usergroups/${groupId}`, {
        auth: manager.auth,
        sourceIp: '192.0.2.10',
        body: { status: 'A' },
      }),
    );
    await gate.held;
    // ...while root turns the group into an administrator group and gives it privileges.
    const toAdmin = await invoke(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, { body: { type: 'A', status: 'A' } }),
    );
    expect(toAdmin.status, toAdmin.body).toBe(200);
    await setUsergroupPrivileges(groupId, ['view_users', 'manage_users'], defaultTableContext());
    gate.release();
    const answer = await managerWrite;

    const link = await invoke(membershipsGet, event('GET', `/api/users/${accomplice.userId}/usergroups/${groupId}`));
    const usersAsAccomplice = await invoke(
      usersGet,
      event('GET', `/api/users/${accomplice.userId}`, { auth: accomplice.auth, sourceIp: '192.0.2.11' }),
    );
    console.log(
      `manager's held link write → ${answer.status} ${answer.body}; link now ${link.status} ${link.body}; accomplice GET /users/:id → ${usersAsAccomplice.status}`,
    );
    // Only a root administrator may change an administrator's membership of an administrator group: the
    // manager's write must be judged again on the group as it is when it commits (403), and grant nothing.
    expect(answer.status, answer.body).toBe(403);
    expect(link.status).toBe(404);
    expect(usersAsAccomplice.status).toBe(403);
  });

  it("a manager's PUT of a customer group, committed after root made it an administrator group, must not change it", async () => {
    const manager = await groupManager();
    const created = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { body: { type: 'C', status: 'A', usergroup: 'contested' } }),
    );
    const groupId = created.json.usergroup_id as number;
    const gate = holdCommand(
      'UpdateItemCommand',
      (input) => input.Key?.pk === 'USERGROUPS' && input.Key?.sk === padId(groupId),
    );
    const managerWrite = invoke(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, {
        auth: manager.auth,
        sourceIp: '192.0.2.12',
        body: { type: 'C', status: 'D', usergroup: 'by-manager' },
      }),
    );
    await gate.held;
    const toAdmin = await invoke(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, { body: { type: 'A', status: 'A', usergroup: 'now-admin' } }),
    );
    expect(toAdmin.status, toAdmin.body).toBe(200);
    gate.release();
    const answer = await managerWrite;
    const group = (await invoke(usergroupsGet, event('GET', `/api/usergroups/${groupId}`))).json;
    console.log(`manager's held group PUT → ${answer.status}; group now ${JSON.stringify(group)}`);
    expect(answer.status, answer.body).toBe(403);
    expect(group).toMatchObject({ type: 'A', status: 'A', usergroup: 'now-admin' });
  });

  it("a manager's DELETE of a customer group, committed after root made it an administrator group, must not delete it", async () => {
    const manager = await groupManager();
    const groupId = await newCustomerGroup();
    const gate = holdCommand(
      'DeleteItemCommand',
      (input) => input.Key?.pk === 'USERGROUPS' && input.Key?.sk === padId(groupId),
    );
    const managerDelete = invoke(
      usergroupsDelete,
      event('DELETE', `/api/usergroups/${groupId}`, { auth: manager.auth, sourceIp: '192.0.2.13' }),
    );
    await gate.held;
    const toAdmin = await invoke(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, { body: { type: 'A', status: 'A' } }),
    );
    expect(toAdmin.status, toAdmin.body).toBe(200);
    gate.release();
    const answer = await managerDelete;
    const group = await invoke(usergroupsGet, event('GET', `/api/usergroups/${groupId}`));
    console.log(`manager's held group DELETE → ${answer.status}; group now ${group.status}`);
    expect(answer.status, answer.body).toBe(403);
    expect(group.status).toBe(200);
  });
});
