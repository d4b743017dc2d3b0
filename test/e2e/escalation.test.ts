/**
 * SPEC §5, the escalation guard: what even a privileged non-root administrator may not do, and what nobody
 * (root included) may do to themselves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Admin,
  type ApiUser,
  createAdmin,
  createApiUser,
  createCompany,
  createCustomer,
  createGroup,
  createRoot,
  createUser,
  createVendor,
  expectError,
  expectForbidden,
  expectStatus,
  linksOf,
  rootUserId,
  setLink,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const SLOW = 120_000;

describe('a non-root administrator with manage_usergroups (and view_usergroups, view_users)', () => {
  let manager: Admin;
  beforeAll(async () => {
    manager = await createAdmin(['view_usergroups', 'manage_usergroups', 'view_users']);
  });

  it('cannot create an administrator group (403, nothing created) — even with an otherwise invalid body', async () => {
    const before = Object.keys((await api('GET', '/api/usergroups?type=A')).json);
    expectForbidden(
      await api('POST', '/api/usergroups', { auth: manager.auth, body: { type: 'A', status: 'A', usergroup: 'mine' } }),
    );
    // The guard comes before validation (SPEC §1).
    expectForbidden(await api('POST', '/api/usergroups', { auth: manager.auth, body: { type: 'A' } }));
    expectForbidden(
      await api('POST', '/api/usergroups', { auth: manager.auth, body: 'type=A&status=A', contentType: 'text/plain' }),
    );
    const after = Object.keys((await api('GET', '/api/usergroups?type=A')).json);
    expect(after.filter((id) => !before.includes(id))).toEqual([]);
  });

  it('cannot modify an administrator group, nor turn a customer group into one', async () => {
    const adminGroup = await createGroup({ type: 'A', status: 'A', usergroup: 'admins' });
    const customerGroup = await createGroup({ type: 'C', status: 'A', usergroup: 'customers' });
    expectForbidden(
      await api('PUT', `/api/usergroups/${adminGroup}`, { auth: manager.auth, body: { type: 'A', status: 'D' } }),
    );
    expectForbidden(
      await api('PUT', `/api/usergroups/${adminGroup}`, { auth: manager.auth, body: { type: 'C', status: 'A' } }),
    );
    // Guard before validation: an invalid status on an administrator group is still a 403.
    expectForbidden(
      await api('PUT', `/api/usergroups/${adminGroup}`, { auth: manager.auth, body: { type: 'A', status: 'X' } }),
    );
    expectForbidden(
      await api('PUT', `/api/usergroups/${customerGroup}`, { auth: manager.auth, body: { type: 'A', status: 'A' } }),
    );
    expect((await api('GET', `/api/usergroups/${adminGroup}`)).json).toMatchObject({
      type: 'A',
      status: 'A',
      usergroup: 'admins',
    });
    expect((await api('GET', `/api/usergroups/${customerGroup}`)).json).toMatchObject({ type: 'C', status: 'A' });
  });

  it('cannot delete an administrator group', async () => {
    const adminGroup = await createGroup({ type: 'A', status: 'A' });
    expectForbidden(await api('DELETE', `/api/usergroups/${adminGroup}`, { auth: manager.auth }));
    expectStatus(await api('GET', `/api/usergroups/${adminGroup}`), 200);
  });

  it('still gets 404 for a group that does not exist (the object is judged before the guard)', async () => {
    expectError(
      await api('PUT', '/api/usergroups/987654321', { auth: manager.auth, body: { type: 'A', status: 'A' } }),
      404,
    );
    expectError(await api('DELETE', '/api/usergroups/987654321', { auth: manager.auth }), 404);
  });

  it('manages customer groups: create, modify, delete', async () => {
    const created = await api('POST', '/api/usergroups', {
      auth: manager.auth,
      body: { type: 'C', status: 'A', usergroup: 'VIP' },
    });
    expectStatus(created, 201);
    const id = created.json.usergroup_id;
    expectStatus(
      await api('PUT', `/api/usergroups/${id}`, {
        auth: manager.auth,
        body: { type: 'C', status: 'H', usergroup: 'VIP2' },
      }),
      200,
    );
    expect((await api('GET', `/api/usergroups/${id}`, { auth: manager.auth })).json).toEqual({
      usergroup_id: id,
      type: 'C',
      status: 'H',
      usergroup: 'VIP2',
    });
    expectStatus(await api('DELETE', `/api/usergroups/${id}`, { auth: manager.auth }), 204);
  });

  it("manages customers' memberships of customer groups", async () => {
    const customer = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(customer, group, 'A', manager.auth);
    await setLink(customer, group, 'D', manager.auth);
    expect((await linksOf(customer))[group]).toMatchObject({ status: 'D' });
    expectStatus(await api('DELETE', `/api/users/${customer}/usergroups/${group}`, { auth: manager.auth }), 204);
    expect(await linksOf(customer)).toEqual({});
  });

  it("cannot change an administrator's or a vendor's membership of an administrator group", async () => {
    const [otherAdmin, vendor, adminGroup] = await Promise.all([
      createUser({ user_type: 'A' }),
      createVendor(),
      createGroup({ type: 'A', status: 'A' }),
    ]);
    for (const member of [otherAdmin, vendor]) {
      expectForbidden(
        await api('PUT', `/api/users/${member}/usergroups/${adminGroup}`, {
          auth: manager.auth,
          body: { status: 'A' },
        }),
      );
    }
    // Not their removal either.
    await setLink(otherAdmin, adminGroup, 'A');
    expectForbidden(
      await api('PUT', `/api/users/${otherAdmin}/usergroups/${adminGroup}`, {
        auth: manager.auth,
        body: { status: 'F' },
      }),
    );
    expectForbidden(await api('DELETE', `/api/users/${otherAdmin}/usergroups/${adminGroup}`, { auth: manager.auth }));
    expect(Object.keys(await linksOf(otherAdmin))).toEqual([String(adminGroup)]);
    expect(await linksOf(vendor)).toEqual({});
  });

  it("may change an administrator's membership of a customer group", async () => {
    const otherAdmin = await createUser({ user_type: 'A' });
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(otherAdmin, group, 'A', manager.auth);
    expect(Object.keys(await linksOf(otherAdmin))).toEqual([String(group)]);
  });

  it('a customer into an administrator group is still the 400 of SPEC §7 (the guard does not apply to customers)', async () => {
    const customer = await createCustomer();
    const adminGroup = await createGroup({ type: 'A', status: 'A' });
    expectError(
      await api('PUT', `/api/users/${customer}/usergroups/${adminGroup}`, {
        auth: manager.auth,
        body: { status: 'A' },
      }),
      400,
    );
  });

  it('cannot change its own memberships, not even leaving its own group', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    expectForbidden(
      await api('PUT', `/api/users/${manager.userId}/usergroups/${group}`, {
        auth: manager.auth,
        body: { status: 'A' },
      }),
    );
    expectForbidden(
      await api('PUT', `/api/users/${manager.userId}/usergroups/${manager.groupId}`, {
        auth: manager.auth,
        body: { status: 'F' },
      }),
    );
    expectForbidden(
      await api('DELETE', `/api/users/${manager.userId}/usergroups/${manager.groupId}`, { auth: manager.auth }),
    );
    expect(Object.keys(await linksOf(manager.userId))).toEqual([String(manager.groupId)]);
  });
});

describe('a non-root administrator with manage_users (and view_users)', () => {
  let manager: Admin;
  beforeAll(async () => {
    manager = await createAdmin(['view_users', 'manage_users']);
  });

  it.each(['A', 'V'] as const)('cannot create a user of type %s (403, nothing created)', async (userType) => {
    const email = uniqueEmail('escalate');
    expectForbidden(
      await api('POST', '/api/users', { auth: manager.auth, body: { email, user_type: userType, company_id: 1 } }),
    );
    // The guard comes before validation: an invalid e-mail is still a 403.
    expectForbidden(
      await api('POST', '/api/users', { auth: manager.auth, body: { email: 'not-an-email', user_type: userType } }),
    );
    expect((await api('GET', `/api/users?email=${encodeURIComponent(email)}`)).json.users).toEqual([]);
  });

  it('can create, modify, disable and delete customers', async () => {
    const created = await api('POST', '/api/users', {
      auth: manager.auth,
      body: { email: uniqueEmail('c'), user_type: 'C' },
    });
    expectStatus(created, 201);
    const id = created.json.user_id;
    expectStatus(
      await api('PUT', `/api/users/${id}`, { auth: manager.auth, body: { firstname: 'Ann', status: 'D' } }),
      200,
    );
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({
      firstname: 'Ann',
      status: 'D',
      user_type: 'C',
    });
    expectStatus(await api('DELETE', `/api/users/${id}`, { auth: manager.auth }), 204);
  });

  it('cannot modify, disable or delete another administrator or a vendor', async () => {
    const [otherAdmin, vendor] = await Promise.all([
      createUser({ user_type: 'A', firstname: 'Orig' }),
      createVendor({ firstname: 'Orig' }),
    ]);
    for (const target of [otherAdmin, vendor]) {
      expectForbidden(await api('PUT', `/api/users/${target}`, { auth: manager.auth, body: { firstname: 'Changed' } }));
      expectForbidden(await api('PUT', `/api/users/${target}`, { auth: manager.auth, body: { status: 'D' } }));
      expectForbidden(await api('DELETE', `/api/users/${target}`, { auth: manager.auth }));
      expect((await api('GET', `/api/users/${target}`)).json).toMatchObject({ firstname: 'Orig', status: 'A' });
    }
  });

  it('cannot modify a root administrator', async () => {
    const root = await rootUserId();
    expectForbidden(await api('PUT', `/api/users/${root}`, { auth: manager.auth, body: { lastname: 'Pwned' } }));
    expectForbidden(await api('DELETE', `/api/users/${root}`, { auth: manager.auth }));
  });

  it('may change its own name, but cannot disable or delete itself', async () => {
    expectStatus(
      await api('PUT', `/api/users/${manager.userId}`, { auth: manager.auth, body: { firstname: 'Self' } }),
      200,
    );
    expect((await api('GET', `/api/users/${manager.userId}`)).json.firstname).toBe('Self');
    expectForbidden(await api('PUT', `/api/users/${manager.userId}`, { auth: manager.auth, body: { status: 'D' } }));
    expectForbidden(await api('DELETE', `/api/users/${manager.userId}`, { auth: manager.auth }));
    expectStatus(await api('GET', '/api/users', { auth: manager.auth }), 200);
  });

  it('cannot make itself root: is_root in the body is ignored', async () => {
    const response = await api('PUT', `/api/users/${manager.userId}`, {
      auth: manager.auth,
      body: { is_root: 'Y', lastname: 'Still' },
    });
    expectStatus(response, 200);
    expect((await api('GET', `/api/users/${manager.userId}`)).json).toMatchObject({ is_root: 'N', lastname: 'Still' });
    expectForbidden(await api('GET', '/api/usergroups', { auth: manager.auth }));
  });
});

describe('root administrators', () => {
  let root2: ApiUser;
  beforeAll(async () => {
    // A second root, so that a broken guard cannot lock the suite's bootstrap administrator out.
    root2 = await createRoot();
  });

  it('may create, modify and delete administrator groups', async () => {
    const created = await api('POST', '/api/usergroups', { auth: root2.auth, body: { type: 'A', status: 'A' } });
    expectStatus(created, 201);
    const id = created.json.usergroup_id;
    expectStatus(
      await api('PUT', `/api/usergroups/${id}`, { auth: root2.auth, body: { type: 'A', status: 'H' } }),
      200,
    );
    expectStatus(await api('DELETE', `/api/usergroups/${id}`, { auth: root2.auth }), 204);
  });

  it('may create, modify and delete administrators and vendors', async () => {
    const company = await createCompany();
    for (const userType of ['A', 'V'] as const) {
      const body = { email: uniqueEmail(), user_type: userType, ...(userType === 'V' ? { company_id: company } : {}) };
      const created = await api('POST', '/api/users', { auth: root2.auth, body });
      expectStatus(created, 201);
      const id = created.json.user_id;
      expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({ user_type: userType, is_root: 'N' });
      expectStatus(await api('PUT', `/api/users/${id}`, { auth: root2.auth, body: { status: 'D' } }), 200);
      expectStatus(await api('DELETE', `/api/users/${id}`, { auth: root2.auth }), 204);
    }
  });

  it("may change another administrator's membership of an administrator group", async () => {
    const admin = await createApiUser('A');
    const group = await createGroup({ type: 'A', status: 'A' });
    await setLink(admin.userId, group, 'A', root2.auth);
    expect(Object.keys(await linksOf(admin.userId))).toEqual([String(group)]);
  });

  it('cannot change their own memberships (403)', async () => {
    const group = await createGroup({ type: 'A', status: 'A' });
    expectForbidden(
      await api('PUT', `/api/users/${root2.userId}/usergroups/${group}`, { auth: root2.auth, body: { status: 'A' } }),
    );
    expectForbidden(await api('DELETE', `/api/users/${root2.userId}/usergroups/${group}`, { auth: root2.auth }));
    expect(await linksOf(root2.userId)).toEqual({});
  });

  it('the bootstrap root cannot change its own memberships either', async () => {
    const root = await rootUserId();
    const group = await createGroup({ type: 'C', status: 'A' });
    expectForbidden(await api('PUT', `/api/users/${root}/usergroups/${group}`, { body: { status: 'A' } }));
    expectForbidden(await api('DELETE', `/api/users/${root}/usergroups/${group}`));
    expect(Object.keys(await linksOf(root))).not.toContain(String(group));
  });

  it('cannot disable or delete themselves (403, still working afterwards)', async () => {
    expectForbidden(await api('PUT', `/api/users/${root2.userId}`, { auth: root2.auth, body: { status: 'D' } }));
    expectForbidden(await api('DELETE', `/api/users/${root2.userId}`, { auth: root2.auth }));
    expectStatus(await api('GET', '/api/usergroups', { auth: root2.auth }), 200);
    expect((await api('GET', `/api/users/${root2.userId}`)).json).toMatchObject({ status: 'A', is_root: 'Y' });
  });

  it('may change their own name', async () => {
    expectStatus(
      await api('PUT', `/api/users/${root2.userId}`, { auth: root2.auth, body: { lastname: 'Rooted' } }),
      200,
    );
    expect((await api('GET', `/api/users/${root2.userId}`)).json.lastname).toBe('Rooted');
  });

  it(
    'another root may disable a root; one that is not root any more gets 401',
    async () => {
      const victim = await createRoot();
      expectStatus(await api('PUT', `/api/users/${victim.userId}`, { auth: root2.auth, body: { status: 'D' } }), 200);
      expect((await api('GET', '/api/version', { auth: victim.auth })).status).toBe(401);
    },
    SLOW,
  );
});
