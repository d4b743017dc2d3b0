/**
 * SPEC §1 (paths, versions, methods), §2 (request bodies), §3 (response format) and §4 (authentication),
 * over real HTTP.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  cliCreateUser,
  createApiUser,
  createGroup,
  createUser,
  expectError,
  expectStatus,
  expectUnauthorized,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api, basicAuth } from '../support/http.js';

const PREFIXES = [
  ['1.0', (rest: string, query = '') => `/api/${rest}${query ? `?${query}` : ''}`],
  ['2.0', (rest: string, query = '') => `/api/2.0/${rest}${query ? `?${query}` : ''}`],
  ['api.php', (rest: string, query = '') => `/api.php?_d=${rest}&ajax_custom=1${query ? `&${query}` : ''}`],
  ['api.php 2.0', (rest: string, query = '') => `/api.php?_d=2.0/${rest}&ajax_custom=1${query ? `&${query}` : ''}`],
] as const;

describe('versions', () => {
  it('GET /api/version → {"Version":"1.0"}, /api/2.0/version → {"Version":"2.0"}', async () => {
    const v1 = await api('GET', '/api/version');
    expectStatus(v1, 200);
    expect(v1.body).toBe('{"Version":"1.0"}');
    const v2 = await api('GET', '/api/2.0/version');
    expectStatus(v2, 200);
    expect(v2.body).toBe('{"Version":"2.0"}');
  });

  it('the api.php form answers the version too', async () => {
    expect((await api('GET', '/api.php?_d=version&ajax_custom=1')).json).toEqual({ Version: '1.0' });
    expect((await api('GET', '/api.php?_d=2.0/version&ajax_custom=1')).json).toEqual({ Version: '2.0' });
  });
});

describe.each(PREFIXES)('path form %s', (_name, path) => {
  it('lists, reads and creates usergroups', async () => {
    const name = `form-${uid()}`;
    const created = await api('POST', path('usergroups'), { body: { type: 'C', status: 'H', usergroup: name } });
    expectStatus(created, 201);
    const id = created.json.usergroup_id;
    expect(Number.isInteger(id)).toBe(true);

    const single = await api('GET', path(`usergroups/${id}`));
    expectStatus(single, 200);
    expect(single.json).toEqual({ usergroup_id: id, type: 'C', status: 'H', usergroup: name });

    const list = await api('GET', path('usergroups'));
    expectStatus(list, 200);
    expect(list.json[String(id)]).toEqual(single.json);

    // Query parameters ride along as filters.
    const filtered = await api('GET', path('usergroups', 'type=A'));
    expectStatus(filtered, 200);
    expect(Object.keys(filtered.json)).not.toContain(String(id));
    for (const group of Object.values(filtered.json) as Array<{ type: string }>) expect(group.type).toBe('A');

    expect((await api('GET', path('usergroups/1'))).json).toEqual({
      usergroup_id: 1,
      type: 'C',
      status: 'A',
      usergroup: 'Guest',
    });
  });

  it('lists, reads and creates users', async () => {
    const email = uniqueEmail('form');
    const created = await api('POST', path('users'), { body: { email, user_type: 'C' } });
    expectStatus(created, 201);
    const id = created.json.user_id;
    const single = await api('GET', path(`users/${id}`));
    expectStatus(single, 200);
    expect(single.json).toMatchObject({ user_id: String(id), email, user_type: 'C' });
    const list = await api('GET', path('users', `email=${encodeURIComponent(email)}`));
    expectStatus(list, 200);
    expect(list.json.users.map((user: { user_id: string }) => user.user_id)).toEqual([String(id)]);
    expect(list.json.search.total_items).toBe(1);
  });

  it('reads and writes memberships', async () => {
    const user = await createUser({ user_type: 'C' });
    const group = await createGroup({ type: 'C', status: 'A' });
    const put = await api('PUT', path(`users/${user}/usergroups/${group}`), { body: { status: 'A' } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ message: 'Status has been changed.' });
    const list = await api('GET', path(`users/${user}/usergroups`));
    expect(Object.keys(list.json)).toEqual([String(group)]);
    expectStatus(await api('GET', path(`users/${user}/usergroups/${group}`)), 200);
  });

  it('answers 401 without credentials and 404 for an unknown entity', async () => {
    expectUnauthorized(await api('GET', path('usergroups'), { auth: null }));
    expectError(await api('GET', path('nope')), 404, 'Not Found: The Entity nope not found');
  });
});

describe('paths and methods', () => {
  it('a trailing slash is ignored', async () => {
    expectStatus(await api('GET', '/api/usergroups/'), 200);
    expect((await api('GET', '/api/usergroups/1/')).json).toMatchObject({ usergroup_id: 1 });
    expect((await api('GET', '/api/version/')).json).toEqual({ Version: '1.0' });
  });

  it('an unknown entity → 404 "Not Found: The Entity nope not found"', async () => {
    const response = await api('GET', '/api/nope');
    expectError(response, 404, 'Not Found: The Entity nope not found');
    expect(response.json).toEqual({ message: 'Not Found: The Entity nope not found', status: 404 });
    expectError(await api('GET', '/api/2.0/nope/5'), 404, 'Not Found: The Entity nope not found');
  });

  it('an unknown or non-numeric id → 404', async () => {
    expectError(await api('GET', '/api/usergroups/999999999'), 404);
    expectError(await api('GET', '/api/usergroups/x1'), 404);
    expectError(await api('GET', '/api/users/1.5'), 404);
  });

  it('PUT or DELETE on a collection → 405 "Method Not Allowed: Object ID undefined"', async () => {
    for (const [method, path] of [
      ['PUT', '/api/usergroups'],
      ['DELETE', '/api/usergroups'],
      ['PUT', '/api/users'],
      ['DELETE', '/api/2.0/users'],
    ] as const) {
      const response = await api(method, path, method === 'PUT' ? { body: { type: 'C', status: 'A' } } : {});
      expectError(response, 405, 'Method Not Allowed: Object ID undefined');
      expect(response.headers.get('allow')).toBeTruthy();
    }
  });

  it('POST on an object path → 405 "Method Not Allowed: ID must not be defined"', async () => {
    expectError(
      await api('POST', '/api/usergroups/5', { body: { type: 'C', status: 'A' } }),
      405,
      'Method Not Allowed: ID must not be defined',
    );
    expectError(
      await api('POST', '/api/users/5', { body: { email: uniqueEmail(), user_type: 'C' } }),
      405,
      'Method Not Allowed: ID must not be defined',
    );
  });

  it('PATCH → 405 with an Allow header', async () => {
    const response = await api('PATCH', '/api/usergroups/1', { body: { status: 'D' } });
    expectError(response, 405);
    const allow = response.headers.get('allow') ?? '';
    expect(allow).toMatch(/GET/);
    expect(allow).not.toMatch(/PATCH/);
  });

  it('HEAD → 405 with an Allow header', async () => {
    const response = await api('HEAD', '/api/usergroups');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toMatch(/GET/);
  });

  it('OPTIONS is answered without credentials: 204, never 401', async () => {
    const response = await api('OPTIONS', '/api/usergroups', { auth: null });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
  });

  // A preflight carrying Origin is tested in-process (test/integration/handlers.test.ts): serverless-offline
  // rewrites the status of every OPTIONS request with an Origin header to 200, which API Gateway does not.
});

describe('request bodies', () => {
  it('text/plain key=value (the seed example) creates a group', async () => {
    const response = await api('POST', '/api/usergroups', {
      body: 'type=C&status=A&usergroup=Buyers',
      contentType: 'text/plain',
    });
    expectStatus(response, 201);
    expect((await api('GET', `/api/usergroups/${response.json.usergroup_id}`)).json).toEqual({
      usergroup_id: response.json.usergroup_id,
      type: 'C',
      status: 'A',
      usergroup: 'Buyers',
    });
  });

  it('no Content-Type at all is text/plain; form decoding rules apply (+, %XX, last value wins)', async () => {
    const response = await api('POST', '/api/usergroups', {
      body: 'type=A&status=D&status=H&usergroup=Big+Buyers%20%26%20Co',
      contentType: null,
    });
    expectStatus(response, 201);
    expect((await api('GET', `/api/usergroups/${response.json.usergroup_id}`)).json).toMatchObject({
      type: 'A',
      status: 'H',
      usergroup: 'Big Buyers & Co',
    });
  });

  it('application/x-www-form-urlencoded works too, also for PUT', async () => {
    const id = await createGroup({ type: 'C', status: 'A' });
    const response = await api('PUT', `/api/usergroups/${id}`, {
      body: 'type=C&status=D&usergroup=Renamed',
      contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
    });
    expectStatus(response, 200);
    expect((await api('GET', `/api/usergroups/${id}`)).json).toMatchObject({ status: 'D', usergroup: 'Renamed' });
  });

  it('application/json with parameters after ";" is JSON', async () => {
    const response = await api('POST', '/api/usergroups', {
      body: { type: 'C', status: 'A' },
      contentType: 'application/json; charset=utf-8',
    });
    expectStatus(response, 201);
  });

  it('JSON sent without a Content-Type → 400 naming the missing field', async () => {
    const response = await api('POST', '/api/usergroups', { body: { type: 'C', status: 'A' }, contentType: null });
    expectError(response, 400, 'Bad Request: The type field is required');
  });

  it('JSON sent as text/plain on a membership → 400 naming status', async () => {
    const user = await createUser({ user_type: 'C' });
    const group = await createGroup({ type: 'C', status: 'A' });
    const response = await api('PUT', `/api/users/${user}/usergroups/${group}`, {
      body: '{"status":"A"}',
      contentType: 'text/plain',
    });
    expectError(response, 400, 'Bad Request: The status field is required');
  });

  it.each(['application/xml', 'text/html', 'multipart/form-data; boundary=x'])(
    'Content-Type %s → 415 "Unsupported Media Type"',
    async (type) => {
      const response = await api('POST', '/api/usergroups', {
        body: '<usergroup><type>C</type></usergroup>',
        contentType: type,
      });
      expectError(response, 415, 'Unsupported Media Type');
    },
  );

  // The body `null` is tested in-process: serverless-offline parses JSON bodies itself and hands a falsy
  // result on as `event.body = null`, which API Gateway does not.
  it.each(['{"type": "C", "status": ', '["type", "C"]', '"just a string"', '42'])(
    'malformed JSON or JSON that is not an object (%s) → 400 "Syntax error, malformed JSON"',
    async (body) => {
      const response = await api('POST', '/api/usergroups', { body, contentType: 'application/json' });
      expectError(response, 400, 'Bad Request: Syntax error, malformed JSON');
    },
  );

  it('an empty body → 400 "Bad Request: Missing parameters" (POST and PUT, JSON and text)', async () => {
    expectError(
      await api('POST', '/api/usergroups', { body: '', contentType: 'application/json' }),
      400,
      'Bad Request: Missing parameters',
    );
    expectError(await api('POST', '/api/usergroups', { body: '' }), 400, 'Bad Request: Missing parameters');
    expectError(await api('POST', '/api/usergroups'), 400, 'Bad Request: Missing parameters');
    expectError(
      await api('PUT', '/api/usergroups/1', { body: '', contentType: 'application/json' }),
      400,
      'Bad Request: Missing parameters',
    );
  });

  it('a JSON body of {} → 400 naming the first missing field', async () => {
    const response = await api('POST', '/api/usergroups', { body: {} });
    expectError(response, 400);
    expect(response.json.message).toMatch(/^Bad Request: (Missing parameters|The type field is required)$/);
  });

  it('a body over 1 MiB → 413', async () => {
    const big = JSON.stringify({ type: 'C', status: 'A', usergroup: 'x'.repeat(1024 * 1024) });
    expectError(await api('POST', '/api/usergroups', { body: big, contentType: 'application/json' }), 413);
  });

  it('a body just under 1 MiB is decoded (and then fails validation on the name length)', async () => {
    const body = JSON.stringify({ type: 'C', status: 'A', usergroup: 'x'.repeat(1024 * 1024 - 100) });
    const response = await api('POST', '/api/usergroups', { body, contentType: 'application/json' });
    expectError(response, 400);
    expect(response.json.message).toMatch(/usergroup/);
  });
});

describe('responses', () => {
  it('JSON with Content-Type application/json; charset=utf-8, on success and on error', async () => {
    const ok = await api('GET', '/api/usergroups/1');
    expect(ok.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const error = await api('GET', '/api/nope');
    expect(error.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('validation errors carry errors[] with field and message', async () => {
    const response = await api('POST', '/api/usergroups', { body: { type: 'C' } });
    expect(response.json).toEqual({
      message: 'Bad Request: The status field is required',
      status: 400,
      errors: [{ field: 'status', message: 'The status field is required' }],
    });
  });
});

describe('authentication', () => {
  it('no credentials → exactly {"message":"Unauthorized","status":401} with the realm', async () => {
    const response = await api('GET', '/api/usergroups', { auth: null });
    expectUnauthorized(response);
    expect(response.body).toBe('{"message":"Unauthorized","status":401}');
  });

  it('wrong key, unknown e-mail, empty key and a malformed header all look the same', async () => {
    const user = await createApiUser('A');
    const answers = await Promise.all([
      api('GET', '/api/version', { auth: [user.email, 'wrong'.padEnd(32, 'x')] }),
      api('GET', '/api/version', { auth: [uniqueEmail('ghost'), user.key] }),
      api('GET', '/api/version', { auth: [uniqueEmail('ghost'), ''] }),
      api('GET', '/api/version', { auth: null, headers: { authorization: 'Basic !!!not-base64' } }),
      api('GET', '/api/version', { auth: null, headers: { authorization: `Bearer ${user.key}` } }),
      api('GET', '/api/version', {
        auth: null,
        headers: { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
      }),
    ]);
    for (const response of answers) {
      expectUnauthorized(response);
      expect(response.body).toBe('{"message":"Unauthorized","status":401}');
    }
  });

  it('the e-mail is case-insensitive, and the scheme name too', async () => {
    const user = await createApiUser('A');
    expectStatus(await api('GET', '/api/version', { auth: [user.email.toUpperCase(), user.key] }), 200);
    const lower = basicAuth(user.email, user.key).replace(/^Basic/, 'basic');
    expectStatus(await api('GET', '/api/version', { auth: null, headers: { authorization: lower } }), 200);
  });

  it('a user without API access → 401', async () => {
    const email = uniqueEmail('nokey');
    await cliCreateUser(email, 'A');
    expectUnauthorized(await api('GET', '/api/version', { auth: [email, 'A'.repeat(32)] }));
  });

  it('after 10 failures for one e-mail, even the right key gets 429 with Retry-After', async () => {
    const user = await createApiUser('A');
    for (let i = 0; i < 10; i++) {
      expectUnauthorized(await api('GET', '/api/version', { auth: [user.email, `wrong-${i}`] }));
    }
    const locked = await api('GET', '/api/version', { auth: user.auth });
    expectError(locked, 429, 'Too Many Requests');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same address is not affected.
    expectStatus(await api('GET', '/api/version', { auth: 'admin' }), 200);
  }, 60_000);

  it('the bootstrap administrator exists and works', async () => {
    const response = await api('GET', `/api/users?email=${encodeURIComponent(inject('adminEmail'))}`);
    expectStatus(response, 200);
    expect(response.json.users[0]).toMatchObject({ user_type: 'A', is_root: 'Y', status: 'A' });
  });
});
