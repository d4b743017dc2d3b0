/**
 * SPEC §5 (privileges) and §1 (the order in which a request is judged), over real HTTP. Administrators are
 * created and given API access and privileges with the admin command line, and linked to their groups
 * through the API, as an operator would.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Admin,
  adminCli,
  cliCreateUser,
  cliSetPrivileges,
  createAdmin,
  createApiUser,
  createCustomer,
  createGroup,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  privilegedGroup,
  setLink,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const SLOW = 120_000;

describe('an administrator in no group', () => {
  let admin: Admin;
  let customer: number;
  let group: number;
  beforeAll(async () => {
    [admin, customer, group] = await Promise.all([
      createAdmin([]),
      createCustomer(),
      createGroup({ type: 'C', status: 'A' }),
    ]);
  });

  it('may read GET /api/version (and /api/2.0/version)', async () => {
    const v1 = await api('GET', '/api/version', { auth: admin.auth });
    expectStatus(v1, 200);
    expect(v1.json).toEqual({ Version: '1.0' });
    const v2 = await api('GET', '/api/2.0/version', { auth: admin.auth });
    expectStatus(v2, 200);
    expect(v2.json).toEqual({ Version: '2.0' });
  });

  it('gets 403 on every usergroup, user and membership operation', async () => {
    const requests: Array<[string, string, object?]> = [
      ['GET', '/api/usergroups'],
      ['GET', '/api/usergroups/1'],
      ['GET', `/api/usergroups/${group}`],
      ['POST', '/api/usergroups', { type: 'C', status: 'A' }],
      ['PUT', `/api/usergroups/${group}`, { type: 'C', status: 'D' }],
      ['DELETE', `/api/usergroups/${group}`],
      ['GET', '/api/users'],
      ['GET', `/api/users/${customer}`],
      ['GET', `/api/users/${admin.userId}`],
      ['POST', '/api/users', { email: uniqueEmail(), user_type: 'C' }],
      ['PUT', `/api/users/${customer}`, { firstname: 'X' }],
      ['DELETE', `/api/users/${customer}`],
      ['GET', `/api/users/${customer}/usergroups`],
      ['GET', `/api/users/${customer}/usergroups/${group}`],
      ['PUT', `/api/users/${customer}/usergroups/${group}`, { status: 'A' }],
      ['DELETE', `/api/users/${customer}/usergroups/${group}`],
      ['GET', `/api/2.0/usergroups`],
      ['GET', `/api.php?_d=usergroups&ajax_custom=1`],
    ];
    for (const [method, path, body] of requests) {
      const response = await api(method, path, { auth: admin.auth, body });
      expect(response.status, `${method} ${path}: ${response.body}`).toBe(403);
      expectForbidden(response);
    }
    // Nothing was changed by the refused writes.
    expect((await api('GET', `/api/usergroups/${group}`)).json.status).toBe('A');
    expectStatus(await api('GET', `/api/users/${customer}`), 200);
    expect((await api('GET', `/api/users/${customer}/usergroups`)).json).toEqual({});
  });
});

describe('the order of judgement: no privilege → 403 whatever the body or id', () => {
  let admin: Admin;
  beforeAll(async () => {
    // Reads usergroups, but may change nothing.
    admin = await createAdmin(['view_usergroups']);
  });

  it('malformed JSON → 403, not 400', async () => {
    const response = await api('POST', '/api/usergroups', {
      auth: admin.auth,
      body: '{"type": "C",',
      contentType: 'application/json',
    });
    expectForbidden(response);
  });

  it('a wrong Content-Type → 403, not 415', async () => {
    const response = await api('POST', '/api/usergroups', {
      auth: admin.auth,
      body: '<group/>',
      contentType: 'application/xml',
    });
    expectForbidden(response);
  });

  it('an empty body → 403, not 400; an oversized body → 403, not 413', async () => {
    expectForbidden(
      await api('POST', '/api/usergroups', { auth: admin.auth, body: '', contentType: 'application/json' }),
    );
    const big = JSON.stringify({ type: 'C', status: 'A', usergroup: 'x'.repeat(1024 * 1024 + 10) });
    expectForbidden(
      await api('POST', '/api/usergroups', { auth: admin.auth, body: big, contentType: 'application/json' }),
    );
  });

  it('an unknown id → 403, not 404 (nobody learns whether it exists)', async () => {
    expectForbidden(
      await api('PUT', '/api/usergroups/987654321', { auth: admin.auth, body: { type: 'C', status: 'A' } }),
    );
    expectForbidden(await api('DELETE', '/api/usergroups/987654321', { auth: admin.auth }));
    expectForbidden(await api('GET', '/api/users/987654321', { auth: admin.auth }));
    expectForbidden(await api('GET', '/api/users/987654321/usergroups', { auth: admin.auth }));
    expectForbidden(
      await api('PUT', '/api/users/987654321/usergroups/987654321', { auth: admin.auth, body: { status: 'A' } }),
    );
  });

  it('a missing required field → 403, not 400', async () => {
    expectForbidden(await api('POST', '/api/usergroups', { auth: admin.auth, body: { usergroup: 'no type' } }));
  });

  it('but the route is judged before the privilege: unknown entity 404, wrong shape 405', async () => {
    expectError(await api('GET', '/api/nope', { auth: admin.auth }), 404, 'Not Found: The Entity nope not found');
    expectError(
      await api('PUT', '/api/users', { auth: admin.auth, body: { firstname: 'x' } }),
      405,
      'Method Not Allowed: Object ID undefined',
    );
  });

  it('and credentials before everything: bad credentials on an unknown entity → 401', async () => {
    expectUnauthorized(await api('GET', '/api/nope', { auth: null }));
    expectUnauthorized(
      await api('POST', '/api/usergroups', { auth: null, body: '{bad', contentType: 'application/xml' }),
    );
  });

  it('with the privilege, the body is judged before the object: malformed JSON on an unknown group → 400', async () => {
    const manager = await createAdmin(['manage_usergroups']);
    expectError(
      await api('PUT', '/api/usergroups/987654321', {
        auth: manager.auth,
        body: '{oops',
        contentType: 'application/json',
      }),
      400,
      'Bad Request: Syntax error, malformed JSON',
    );
    expectError(
      await api('PUT', '/api/usergroups/987654321', { auth: manager.auth, body: { type: 'C', status: 'A' } }),
      404,
    );
  });
});

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

describe('the union of the active administrator groups', () => {
  it(
    'privileges of several groups add up; losing one group loses its privileges',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      const second = await privilegedGroup(['view_users']);
      await setLink(admin.userId, second, 'A');
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      expectStatus(await api('GET', '/api/users', { auth: admin.auth }), 200);
      // Only the union holds both privileges the nested read needs.
      expectStatus(await api('GET', `/api/users/${admin.userId}/usergroups`, { auth: admin.auth }), 200);

      await setLink(admin.userId, second, 'F');
      expectForbidden(await api('GET', '/api/users', { auth: admin.auth }));
      expectForbidden(await api('GET', `/api/users/${admin.userId}/usergroups`, { auth: admin.auth }));
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
    },
    SLOW,
  );

  it.each(['P', 'D'] as const)(
    'a link with status %s grants nothing',
    async (status) => {
      const admin = await createApiUser('A');
      const group = await privilegedGroup(['view_usergroups']);
      await setLink(admin.userId, group, status);
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
      await setLink(admin.userId, group, 'A');
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
    },
    SLOW,
  );

  it(
    'a group with status D grants nothing, H does, A does',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      const group = admin.groupId!;
      expectStatus(await api('PUT', `/api/usergroups/${group}`, { body: { type: 'A', status: 'H' } }), 200);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      expectStatus(await api('PUT', `/api/usergroups/${group}`, { body: { type: 'A', status: 'D' } }), 200);
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
      expectStatus(await api('PUT', `/api/usergroups/${group}`, { body: { type: 'A', status: 'A' } }), 200);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
    },
    SLOW,
  );

  it(
    'a group created with status D from the start grants nothing',
    async () => {
      const admin = await createApiUser('A');
      const group = await privilegedGroup(['view_usergroups'], 'D');
      await setLink(admin.userId, group, 'A');
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'a customer group grants nothing, even with an administrator as active member',
    async () => {
      const admin = await createApiUser('A');
      const customerGroup = await createGroup({ type: 'C', status: 'A' });
      await setLink(admin.userId, customerGroup, 'A');
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'privileges changed with the admin tool apply on the next request',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectForbidden(await api('GET', '/api/users', { auth: admin.auth }));
      await cliSetPrivileges(admin.groupId!, ['view_usergroups', 'view_users']);
      expectStatus(await api('GET', '/api/users', { auth: admin.auth }), 200);
      await cliSetPrivileges(admin.groupId!, []);
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );
});

describe('revocation takes effect on the next request', () => {
  it(
    'link → F',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      await setLink(admin.userId, admin.groupId!, 'F');
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'link DELETE',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      expectStatus(await api('DELETE', `/api/users/${admin.userId}/usergroups/${admin.groupId}`), 204);
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'group → D',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      expectStatus(await api('PUT', `/api/usergroups/${admin.groupId}`, { body: { type: 'A', status: 'D' } }), 200);
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'group deleted',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      expectStatus(await api('DELETE', `/api/usergroups/${admin.groupId}`), 204);
      expectForbidden(await api('GET', '/api/usergroups', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'user status → D gives 401; back to A works again',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
      expectStatus(await api('PUT', `/api/users/${admin.userId}`, { body: { status: 'D' } }), 200);
      expectUnauthorized(await api('GET', '/api/usergroups', { auth: admin.auth }));
      expectUnauthorized(await api('GET', '/api/version', { auth: admin.auth }));
      expectStatus(await api('PUT', `/api/users/${admin.userId}`, { body: { status: 'A' } }), 200);
      expectStatus(await api('GET', '/api/usergroups', { auth: admin.auth }), 200);
    },
    SLOW,
  );

  it(
    'user deleted gives 401',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      expectStatus(await api('DELETE', `/api/users/${admin.userId}`), 204);
      expectUnauthorized(await api('GET', '/api/version', { auth: admin.auth }));
    },
    SLOW,
  );

  it(
    'API access disabled with the admin tool gives 401; re-enabling issues a new key',
    async () => {
      const admin = await createAdmin(['view_usergroups']);
      const disabled = await adminCli(['disable-api', '--email', admin.email]);
      expect(disabled.code).toBe(0);
      expectUnauthorized(await api('GET', '/api/version', { auth: admin.auth }));
      const enabled = await adminCli(['enable-api', '--email', admin.email]);
      expect(enabled.code).toBe(0);
      const key = enabled.stdout.trim().split('\n').pop()!.trim();
      expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(key).not.toBe(admin.key);
      expectUnauthorized(await api('GET', '/api/version', { auth: admin.auth }));
      expectStatus(await api('GET', '/api/usergroups', { auth: [admin.email, key] }), 200);
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
      await setApiKeyHash(userId, hashApiKey(key));
      expectUnauthorized(await api('GET', '/api/version', { auth: [email, key] }));
      expectUnauthorized(await api('GET', '/api/usergroups', { auth: [email, key] }));
    },
    SLOW,
  );
});
