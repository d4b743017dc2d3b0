/**
 * The Lambda handlers invoked in-process with hand-built API Gateway REST (v1) proxy events, against the same
 * DynamoDB Local as the e2e suite (test/support/env.ts points lib/ at it). This is the contract between API
 * Gateway and the functions, without serverless offline in between.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as fallbackHandler } from '../../functions/fallback/any.js';
import { handler as phpHandler } from '../../functions/legacy/api-php.js';
import { handler as membershipsList } from '../../functions/memberships/list.js';
import { handler as membershipsUpdate } from '../../functions/memberships/update.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsGet } from '../../functions/usergroups/get.js';
import { handler as usergroupsList } from '../../functions/usergroups/list.js';
import { handler as usersCreate } from '../../functions/users/create.js';
import { handler as versionGet } from '../../functions/version/get.js';
import { uniqueEmail } from '../support/fixtures.js';
import type { LambdaHandler } from '../support/lambda-event.js';
import { event, invoke } from './hostile-support.js';

// The handlers log one line per request; keep the test report readable (read on every log call).
beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

type Handler = LambdaHandler;

describe('handlers invoked in-process', () => {
  it('usergroups create → get → list', async () => {
    const created = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { body: { type: 'C', status: 'H', usergroup: 'inproc' } }),
    );
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    const id = created.json.usergroup_id;
    expect(Number.isInteger(id)).toBe(true);
    expect(id).toBeGreaterThanOrEqual(3);

    const read = await invoke(usergroupsGet as Handler, event('GET', `/api/usergroups/${id}`));
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ usergroup_id: id, type: 'C', status: 'H', usergroup: 'inproc' });

    const list = await invoke(
      usergroupsList as Handler,
      event('GET', '/api/2.0/usergroups', { query: { type: 'C', status: 'H' } }),
    );
    expect(list.status).toBe(200);
    expect(list.json[String(id)]).toEqual(read.json);
    expect(list.json).not.toHaveProperty('1');
  });

  it('a base64-encoded text/plain body is decoded', async () => {
    const created = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', {
        body: 'type=C&status=A&usergroup=Buyers',
        base64: true,
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    expect(created.status).toBe(201);
    const read = await invoke(usergroupsGet as Handler, event('GET', `/api/usergroups/${created.json.usergroup_id}`));
    expect(read.json.usergroup).toBe('Buyers');
  });

  it('a body without any Content-Type is decoded as text/plain key=value (SPEC §2)', async () => {
    const form = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { body: 'type=C&status=A&usergroup=No+Header' }),
    );
    expect(form.status).toBe(201);
    const read = await invoke(usergroupsGet as Handler, event('GET', `/api/usergroups/${form.json.usergroup_id}`));
    expect(read.json.usergroup).toBe('No Header');
    // JSON without the header therefore decodes to nonsense keys and names the missing field.
    const json = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { body: '{"type":"C","status":"A"}' }),
    );
    expect(json.status).toBe(400);
    expect(json.json.message).toBe('Bad Request: The type field is required');
  });

  it('JSON that is not an object → 400 malformed; an empty body → 400 Missing parameters', async () => {
    for (const body of ['null', '[1]', '{"a":']) {
      const response = await invoke(
        usergroupsCreate as Handler,
        event('POST', '/api/usergroups', { body, headers: { 'Content-Type': 'application/json' } }),
      );
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Bad Request: Syntax error, malformed JSON');
    }
    const empty = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { headers: { 'Content-Type': 'application/json' } }),
    );
    expect(empty.json).toEqual({ message: 'Bad Request: Missing parameters', status: 400 });
  });

  it('GET /usergroups/1 answers the reserved Guest group', async () => {
    const read = await invoke(usergroupsGet as Handler, event('GET', '/api/usergroups/1'));
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ usergroup_id: 1, type: 'C', status: 'A', usergroup: 'Guest' });
  });

  it('no credentials → 401 with the realm; wrong key → 401', async () => {
    const missing = await invoke(usergroupsGet as Handler, event('GET', '/api/usergroups/1', { auth: null }));
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ message: 'Unauthorized', status: 401 });
    expect(missing.headers['www-authenticate']).toBe('Basic realm="User email/API key"');
    const wrong = await invoke(
      versionGet as Handler,
      event('GET', '/api/version', { auth: [uniqueEmail('ghost'), 'x'.repeat(32)] }),
    );
    expect(wrong.status).toBe(401);
  });

  it('version answers per path version', async () => {
    expect((await invoke(versionGet as Handler, event('GET', '/api/version'))).json).toEqual({ Version: '1.0' });
    expect((await invoke(versionGet as Handler, event('GET', '/api/2.0/version'))).json).toEqual({ Version: '2.0' });
  });

  it('a handler given a route it does not serve answers 404, never runs another operation', async () => {
    const misrouted = await invoke(usergroupsGet as Handler, event('GET', '/api/users/1'));
    expect(misrouted.status).toBe(404);
  });

  it('users create and memberships update/list', async () => {
    const user = await invoke(
      usersCreate as Handler,
      event('POST', '/api/users', { body: { email: uniqueEmail('inproc'), user_type: 'C' } }),
    );
    expect(user.status).toBe(201);
    const group = await invoke(
      usergroupsCreate as Handler,
      event('POST', '/api/usergroups', { body: { type: 'C', status: 'A' } }),
    );
    const userId = user.json.user_id;
    const groupId = group.json.usergroup_id;
    const put = await invoke(
      membershipsUpdate as Handler,
      event('PUT', `/api/users/${userId}/usergroups/${groupId}`, { body: { status: 'A' } }),
    );
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ message: 'Status has been changed.' });
    const list = await invoke(membershipsList as Handler, event('GET', `/api/users/${userId}/usergroups`));
    expect(list.status).toBe(200);
    expect(list.json[String(groupId)]).toMatchObject({ usergroup_id: groupId, status: 'A' });
  });

  it('OPTIONS is answered 204 without credentials', async () => {
    const preflight = await invoke(usergroupsGet as Handler, event('OPTIONS', '/api/usergroups/1', { auth: null }));
    expect(preflight.status).toBe(204);
  });

  it('a browser preflight gets 204 and the CORS headers of the configured origins only', async () => {
    const previous = process.env.CORS_ORIGINS;
    process.env.CORS_ORIGINS = 'https://shop.example.com, https://admin.example.com';
    try {
      const preflight = (origin: string) =>
        invoke(
          fallbackHandler as Handler,
          event('OPTIONS', '/api/usergroups/1', {
            auth: null,
            headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT' },
          }),
        );
      const allowed = await preflight('https://shop.example.com');
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(String(allowed.headers['access-control-allow-methods'])).toContain('PUT');
      // Conditional requests: a browser may send If-Match / If-None-Match and read the ETag.
      expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/If-Match.*If-None-Match/);
      expect(String(allowed.headers['access-control-allow-headers'])).toContain('Idempotency-Key');
      // A browser shop front sends the store's key as a guest (SPEC §4, §11).
      expect(String(allowed.headers['access-control-allow-headers'])).toContain('Storefront-Api-Access-Key');
      // …and read the ETag, the rate-limit headers and whether an answer was replayed.
      expect(String(allowed.headers['access-control-expose-headers']).split(', ')).toEqual([
        'ETag',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Retry-After',
        'Idempotent-Replayed',
      ]);
      const foreign = await preflight('https://evil.example.net');
      expect(foreign.status).toBe(204);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      // Credentials are sent as an explicit Authorization header, never as browser-managed credentials.
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      const read = await invoke(
        versionGet as Handler,
        event('GET', '/api/version', { headers: { Origin: 'https://evil.example.net' } }),
      );
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      if (previous === undefined) delete process.env.CORS_ORIGINS;
      else process.env.CORS_ORIGINS = previous;
    }
  });
});

describe('the api.php dispatcher', () => {
  it('dispatches _d=usergroups/1', async () => {
    const response = await invoke(
      phpHandler as Handler,
      event('GET', '/api.php', { query: { _d: 'usergroups/1', ajax_custom: '1' } }),
    );
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ usergroup_id: 1, type: 'C', status: 'A', usergroup: 'Guest' });
  });

  it('dispatches _d=2.0/version and a POST with filters riding along', async () => {
    const version = await invoke(
      phpHandler as Handler,
      event('GET', '/api.php', { query: { _d: '2.0/version', ajax_custom: '1' } }),
    );
    expect(version.json).toEqual({ Version: '2.0' });
    const created = await invoke(
      phpHandler as Handler,
      event('POST', '/api.php', { query: { _d: 'usergroups', ajax_custom: '1' }, body: { type: 'A', status: 'D' } }),
    );
    expect(created.status).toBe(201);
    const filtered = await invoke(
      phpHandler as Handler,
      event('GET', '/api.php', { query: { _d: 'usergroups', ajax_custom: '1', status: 'D', type: 'A' } }),
    );
    expect(filtered.status).toBe(200);
    expect(filtered.json[String(created.json.usergroup_id)]).toMatchObject({ type: 'A', status: 'D' });
    for (const group of Object.values(filtered.json) as Array<{ type: string; status: string }>) {
      expect(group).toMatchObject({ type: 'A', status: 'D' });
    }
  });

  it('judges unknown entities, wrong methods and missing credentials like the other functions', async () => {
    const unknown = await invoke(
      phpHandler as Handler,
      event('GET', '/api.php', { query: { _d: 'nope', ajax_custom: '1' } }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Not Found: The Entity nope not found', status: 404 });
    const wrongMethod = await invoke(
      phpHandler as Handler,
      event('PUT', '/api.php', { query: { _d: 'usergroups', ajax_custom: '1' }, body: { type: 'C', status: 'A' } }),
    );
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.message).toBe('Method Not Allowed: Object ID undefined');
    const anonymous = await invoke(
      phpHandler as Handler,
      event('GET', '/api.php', { query: { _d: 'usergroups/1', ajax_custom: '1' }, auth: null }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('the catch-all answers case variants of known paths and unknown entities', async () => {
    const variant = await invoke(fallbackHandler as Handler, event('GET', '/api/Usergroups/1'));
    expect(variant.status).toBe(200);
    expect(variant.json).toMatchObject({ usergroup_id: 1 });
    const unknown = await invoke(fallbackHandler as Handler, event('GET', '/api/nope'));
    expect(unknown.json).toEqual({ message: 'Not Found: The Entity nope not found', status: 404 });
  });
});
