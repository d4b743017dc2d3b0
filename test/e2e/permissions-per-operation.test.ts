/**
 * SPEC §5 (privileges), over real HTTP: what each privilege allows operation by operation, an administrator
 * made through the API, the admin tool refusing bad privileges, vendors and customers kept off users and
 * usergroups. Administrators are created and given API access and privileges with the admin command line, and linked
 * to their groups through the API, as an operator would.
 */
import { describe, expect, it } from 'vitest';
import { defaultTableContext } from '../../lib/db/table-context.js';
import {
  adminCli,
  cliCreateUser,
  createAdmin,
  createApiUser,
  createCustomer,
  createGroup,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  privilegedGroup,
  setLink,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const SLOW = 120_000;

describe('privileges per operation', () => {
  it('view_usergroups reads usergroups but cannot write them nor read users', async () => {
    const admin = await createAdmin(['view_usergroups']);
    const group = await createGroup({ type: 'C', status: 'A' });
    expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
    expectStatus(await api('GET', `/api/usergroups/${group}`, { auth: admin.auth }), 200);
    expectForbidden(await api('POST', '/api/usergroups', { auth: admin.auth, body: { type: 'C', status: 'A' } }));
    expectForbidden(
      await api('PUT', `/api/usergroups/${group}`, { auth: admin.auth, body: { type: 'C', status: 'H' } }),
    );
    expectForbidden(await api('DELETE', `/api/usergroups/${group}`, { auth: admin.auth }));
    expectForbidden(await api('GET', '/api/users', { auth: admin.auth }));
    // Reading memberships needs view_users as well.
    expectForbidden(await api('GET', `/api/users/${admin.userId}/usergroups`, { auth: admin.auth }));
  });

  it('manage_usergroups alone writes customer groups (reading still needs view_usergroups)', async () => {
    const admin = await createAdmin(['manage_usergroups']);
    const response = await api('POST', '/api/usergroups', { auth: admin.auth, body: { type: 'C', status: 'A' } });
    expectStatus(response, 201);
    const id = response.json.usergroup_id;
    expectStatus(
      await api('PUT', `/api/usergroups/${id}`, { auth: admin.auth, body: { type: 'C', status: 'H' } }),
      200,
    );
    expectForbidden(await api('GET', `/api/usergroups/${id}`, { auth: admin.auth }));
    expectStatus(await api('DELETE', `/api/usergroups/${id}`, { auth: admin.auth }), 204);
  });

  it('view_users reads users; manage_users writes customers', async () => {
    const admin = await createAdmin(['view_users', 'manage_users']);
    expectStatus(await api('GET', '/api/users', { auth: admin.auth }), 200);
    const created = await api('POST', '/api/users', {
      auth: admin.auth,
      body: { email: uniqueEmail(), user_type: 'C' },
    });
    expectStatus(created, 201);
    expectStatus(await api('GET', `/api/users/${created.json.user_id}`, { auth: admin.auth }), 200);
    expectStatus(
      await api('PUT', `/api/users/${created.json.user_id}`, { auth: admin.auth, body: { lastname: 'L' } }),
      200,
    );
    expectStatus(await api('DELETE', `/api/users/${created.json.user_id}`, { auth: admin.auth }), 204);
    expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
  });

  it(
    'nested reads need view_users AND view_usergroups',
    async () => {
      const [both, usersOnly] = await Promise.all([
        createAdmin(['view_users', 'view_usergroups']),
        createAdmin(['view_users']),
      ]);
      const customer = await createCustomer();
      const group = await createGroup({ type: 'C', status: 'A' });
      await setLink(customer, group, 'A');
      const list = await api('GET', `/api/users/${customer}/usergroups`, { auth: both.auth });
      expectStatus(list, 200);
      expect(Object.keys(list.json)).toEqual([String(group)]);
      expectStatus(await api('GET', `/api/users/${customer}/usergroups/${group}`, { auth: both.auth }), 200);
      expectForbidden(await api('GET', `/api/users/${customer}/usergroups`, { auth: usersOnly.auth }));
      expectForbidden(await api('GET', `/api/users/${customer}/usergroups/${group}`, { auth: usersOnly.auth }));
      // Reading does not allow writing.
      expectForbidden(
        await api('PUT', `/api/users/${customer}/usergroups/${group}`, { auth: both.auth, body: { status: 'F' } }),
      );
    },
    SLOW,
  );

  it(
    'nested PUT and DELETE need view_users AND manage_usergroups',
    async () => {
      const [enough, manageOnly] = await Promise.all([
        createAdmin(['view_users', 'manage_usergroups']),
        createAdmin(['manage_usergroups', 'view_usergroups', 'manage_users']),
      ]);
      const customer = await createCustomer();
      const group = await createGroup({ type: 'C', status: 'A' });
      expectForbidden(
        await api('PUT', `/api/users/${customer}/usergroups/${group}`, {
          auth: manageOnly.auth,
          body: { status: 'A' },
        }),
      );
      expectForbidden(await api('DELETE', `/api/users/${customer}/usergroups/${group}`, { auth: manageOnly.auth }));
      const put = await api('PUT', `/api/users/${customer}/usergroups/${group}`, {
        auth: enough.auth,
        body: { status: 'A' },
      });
      expectStatus(put, 200);
      expect(put.json).toEqual({ message: 'Status has been changed.' });
      expectStatus(await api('DELETE', `/api/users/${customer}/usergroups/${group}`, { auth: enough.auth }), 204);
    },
    SLOW,
  );
});

describe('an administrator created through the API', () => {
  it(
    'POST /users, a key from the admin tool, a link through the API: exactly the group privileges',
    async () => {
      const email = uniqueEmail('apiadmin');
      const created = await api('POST', '/api/users', { body: { email, user_type: 'A', firstname: 'Api' } });
      expectStatus(created, 201);
      const userId = created.json.user_id as number;
      // POST /users never grants API access by itself.
      expectUnauthorized(await api('GET', '/api/version', { auth: [email, 'x'.repeat(32)] }));
      const enabled = await adminCli(['enable-api', '--email', email]);
      expect(enabled.code).toBe(0);
      const key = enabled.stdout.trim().split('\n').pop()!.trim();
      const auth = [email, key] as const;
      expectStatus(await api('GET', '/api/version', { auth }), 200);
      expectForbidden(await api('GET', '/api/users', { auth }));

      const group = await privilegedGroup(['view_users']);
      await setLink(userId, group, 'A');
      const list = await api('GET', `/api/users?email=${encodeURIComponent(email)}`, { auth });
      expectStatus(list, 200);
      expect(list.json.users.map((user: { user_id: string }) => user.user_id)).toEqual([String(userId)]);
      expectForbidden(await api('GET', '/api/usergroups', { auth }));
      expectForbidden(await api('PUT', `/api/users/${userId}`, { auth, body: { firstname: 'x' } }));
    },
    SLOW,
  );
});

describe('the admin tool validates privileges', () => {
  it(
    'refuses unknown privilege names, customer groups and reserved groups',
    async () => {
      const adminGroup = await createGroup({ type: 'A', status: 'A' });
      const customerGroup = await createGroup({ type: 'C', status: 'A' });
      const unknown = await adminCli([
        'set-privileges',
        '--usergroup',
        String(adminGroup),
        'view_usergroups',
        'rule_the_world',
      ]);
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toMatch(/rule_the_world/);
      expect((await api('GET', `/api/usergroups/${adminGroup}`)).json.privileges).toEqual([]);
      expect((await adminCli(['set-privileges', '--usergroup', String(customerGroup), 'view_users'])).code).not.toBe(0);
      expect((await adminCli(['set-privileges', '--usergroup', '1', 'view_users'])).code).not.toBe(0);
      expect((await api('GET', `/api/usergroups/${customerGroup}`)).json).not.toHaveProperty('privileges');
    },
    SLOW,
  );
});

describe('vendors and customers', () => {
  it(
    'a vendor gets 403 on users and usergroups, but may read the version',
    async () => {
      const vendor = await createApiUser('V', ['--company', '7']);
      expectStatus(await api('GET', '/api/version', { auth: vendor.auth }), 200);
      for (const [method, path, body] of [
        ['GET', '/api/usergroups'],
        ['GET', '/api/usergroups/1'],
        ['POST', '/api/usergroups', { type: 'C', status: 'A' }],
        ['GET', '/api/users'],
        ['GET', `/api/users/${vendor.userId}`],
        ['PUT', `/api/users/${vendor.userId}`, { firstname: 'V' }],
        ['GET', `/api/users/${vendor.userId}/usergroups`],
      ] as Array<[string, string, object?]>) {
        const response = await api(method, path, { auth: vendor.auth, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expectForbidden(response);
      }
    },
    SLOW,
  );

  it(
    'a vendor in a privileged administrator group still gets 403',
    async () => {
      const vendor = await createApiUser('V', ['--company', '8']);
      const group = await privilegedGroup(['view_usergroups', 'view_users']);
      await setLink(vendor.userId, group, 'A');
      expectForbidden(await api('GET', '/api/usergroups', { auth: vendor.auth }));
      expectForbidden(await api('GET', '/api/users', { auth: vendor.auth }));
    },
    SLOW,
  );

  it(
    'a customer can never authenticate: the tool refuses a key, and a key set in the database is refused too',
    async () => {
      const email = uniqueEmail('customer');
      const userId = await cliCreateUser(email, 'C');
      const refused = await adminCli(['enable-api', '--email', email]);
      expect(refused.code).not.toBe(0);

      const { hashApiKey } = await import('../../lib/auth/api-keys.js');
      const { setApiKeyHash } = await import('../../lib/db/users.js');
      const key = 'Cust0merKeyCust0merKeyCust0merKe';
      await setApiKeyHash(userId, hashApiKey(key), defaultTableContext());
      expectUnauthorized(await api('GET', '/api/version', { auth: [email, key] }));
      expectUnauthorized(await api('GET', '/api/usergroups', { auth: [email, key] }));
    },
    SLOW,
  );
});
