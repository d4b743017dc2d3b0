/**
 * Targeted hostile checks of the local HTTP surface (npm start = serverless offline, SPEC §9) that the fuzz
 * (hostile-fuzz.test.ts) keeps out of its generator because they concern the server in front of the
 * functions: preflights on every path form, CORS headers for an origin nobody configured, client-chosen
 * forwarding headers and the limiter, repeated Authorization headers.
 */
import { describe, expect, it } from 'vitest';
import { createApiUser } from '../support/fixtures.js';
import { basicAuth } from '../support/http.js';
import { rawRequest, rootAuthorization } from './hostile-raw-http.js';

describe('OPTIONS is a CORS preflight on every path form (SPEC §1): 204 without credentials, never 401', () => {
  it('a bare OPTIONS on /api/… and /api/2.0/… paths → 204 (the catch-all function answers it)', async () => {
    for (const path of ['/api/usergroups', '/api/2.0/users/1/usergroups/2', '/api/nope']) {
      const response = await rawRequest({ method: 'OPTIONS', path });
      expect(response.status, `OPTIONS ${path}: ${response.body}`).toBe(204);
      expect(response.headers.allow).toBeTruthy();
    }
  });

  it('a bare OPTIONS on the api.php form → 204 as well', async () => {
    for (const path of ['/api.php?_d=usergroups&ajax_custom=1', '/api.php?_d=2.0/users/1&ajax_custom=1']) {
      const response = await rawRequest({ method: 'OPTIONS', path });
      expect(response.status, `OPTIONS ${path}: ${response.body}`).toBe(204);
    }
  });
});

// CORS headers for unconfigured origins are checked in-process (test/integration/handlers.test.ts, "a browser
// preflight gets 204 and the CORS headers of the configured origins only"): serverless offline itself adds
// `Access-Control-Allow-Origin: <any origin>` and `Access-Control-Allow-Credentials: true` to every REST answer
// to a request with an Origin header, and a function can override those headers but not remove them. API
// Gateway adds nothing; docs/security.md records this as a limitation of the local server.

describe('the limiter keys on the connection, not on headers the client chooses', () => {
  it('10 failures with a different X-Forwarded-For / X-Real-IP / Forwarded each time still lock the pair', async () => {
    const user = await createApiUser('A');
    for (let i = 0; i < 10; i++) {
      const spoofed = `10.${i}.${i}.${i}`;
      const response = await rawRequest({
        method: 'GET',
        path: '/api/version',
        headers: [
          ['Authorization', basicAuth(user.email, `wrong-${i}`)],
          ['X-Forwarded-For', spoofed],
          ['X-Real-IP', spoofed],
          ['Forwarded', `for=${spoofed}`],
        ],
      });
      expect(response.status).toBe(401);
    }
    const locked = await rawRequest({
      method: 'GET',
      path: '/api/version',
      headers: [
        ['Authorization', basicAuth(user.email, user.key)],
        ['X-Forwarded-For', '192.0.2.99'],
      ],
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toBe('{"message":"Too Many Requests","status":429}');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});

describe('repeated Authorization headers', () => {
  it('only the first one counts: a bad one first is a 401 even with a good one after it, and vice versa a 200', async () => {
    const bad = `Basic ${Buffer.from('nobody@hostile.example:x').toString('base64')}`;
    const badFirst = await rawRequest({
      method: 'GET',
      path: '/api/version',
      headers: [
        ['Authorization', bad],
        ['Authorization', rootAuthorization()],
      ],
    });
    expect(badFirst.status).toBe(401);
    expect(badFirst.body).toBe('{"message":"Unauthorized","status":401}');
    const goodFirst = await rawRequest({
      method: 'GET',
      path: '/api/version',
      headers: [
        ['Authorization', rootAuthorization()],
        ['authorization', bad],
      ],
    });
    expect(goodFirst.status).toBe(200);
  });

  it('a second credential never widens the first: a privileged header after an unprivileged one does not grant', async () => {
    const plain = await createApiUser('A');
    const response = await rawRequest({
      method: 'GET',
      path: '/api/users',
      headers: [
        ['Authorization', basicAuth(plain.email, plain.key)],
        ['Authorization', rootAuthorization()],
      ],
    });
    expect(response.status).toBe(403);
  }, 60_000);
});
