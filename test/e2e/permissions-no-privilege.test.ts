/**
 * SPEC §5 (privileges) and §1 (the order in which a request is judged), over real HTTP: an administrator in no
 * group reads only the version; without the privilege every operation is a 403 whatever the body or id, while the
 * route and the credentials are judged before it. Administrators are created and given API access and privileges with the admin command line, and linked
 * to their groups through the API, as an operator would.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Admin,
  createAdmin,
  createCustomer,
  createGroup,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

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
