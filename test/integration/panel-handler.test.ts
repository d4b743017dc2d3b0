/**
 * The panel Lambda in-process, as deployed (serverless offline cannot show this): behind an execute-api URL
 * the browser's path starts with the stage, so links and the cookie path must too; cookies are Secure; HSTS
 * is sent. And when DynamoDB fails, the page says 503 and nothing of the internals.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

import { hashPassword } from '../../lib/auth/passwords.js';
import { db } from '../../lib/db/client.js';
import { setPasswordHash } from '../../lib/db/login-credentials.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { createUser } from '../../lib/db/users.js';
import { panelHandler } from '../../lib/panel/lambda.js';
import { uid } from '../support/fixtures.js';
import { invokeHandler, proxyEvent } from '../support/lambda-event.js';

const deployed = panelHandler(true);

/** A request to `path` as API Gateway hands it over for the stage `prod` of an execute-api URL. */
function staged(method: string, path: string, options: Parameters<typeof proxyEvent>[2] = {}) {
  const event = proxyEvent(method, path, { resource: '/admin/{proxy+}', ...options });
  event.requestContext.path = `/prod${path}`;
  event.requestContext.stage = 'prod';
  return event;
}

const INJECTOR = 'panelFault';
afterEach(() => {
  db().middlewareStack.remove(INJECTOR);
});

describe('the panel behind a stage prefix, with Secure cookies', () => {
  it('points links, forms and cookies at /prod/admin and marks cookies Secure, with HSTS', async () => {
    // Prepare
    const email = `staged-${uid()}@example.com`;
    const user = await createUser(
      {
        email,
        user_type: 'A',
        status: 'A',
        firstname: '',
        lastname: '',
        company_id: 0,
        is_root: 'Y',
      },
      undefined,
      defaultTableContext(),
    );
    await setPasswordHash(user.user_id, await hashPassword('staged-password-1'), defaultTableContext());
    // Act
    const home = await invokeHandler(deployed, staged('GET', '/admin'));
    const form = await invokeHandler(deployed, staged('GET', '/admin/login'));
    const loginToken = /name="login_token" value="([^"]+)"/.exec(form.body)![1]!;
    const signIn = await invokeHandler(
      deployed,
      staged('POST', '/admin/login', {
        body: new URLSearchParams({ login_token: loginToken, email, password: 'staged-password-1' }).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: `panel_login=${loginToken}`,
          Origin: 'https://api.example.com',
        },
      }),
    );
    const session = /panel_session=([^;]+)/.exec(signIn.headers['set-cookie']!)![1]!;
    const list = await invokeHandler(
      deployed,
      staged('GET', '/admin/administrators', { headers: { Cookie: `panel_session=${session}` } }),
    );
    // Assess
    expect(home.status).toBe(303);
    expect(home.headers.location).toBe('/prod/admin/login');
    expect(form.body).toContain('action="/prod/admin/login"');
    expect(form.body).toContain('href="/prod/admin/assets/panel.css?v=');
    expect(form.headers['set-cookie']).toMatch(
      /^panel_login=[A-Za-z0-9_-]+; Path=\/prod\/admin; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(form.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(signIn.status).toBe(303);
    expect(signIn.headers['set-cookie']).toMatch(
      /^panel_session=[A-Za-z0-9_-]{43}; Path=\/prod\/admin; Max-Age=28800; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(list.status).toBe(200);
    expect(list.body).toContain(`href="/prod/admin/users/${user.user_id}"`);
  });

  it('serves its stylesheet from the bundle, cacheable for good under its versioned URL', async () => {
    const css = await invokeHandler(deployed, staged('GET', '/admin/assets/panel.css'));
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('@media (max-width: 640px)');
  });
});

describe('the panel when DynamoDB fails', () => {
  it('answers 503 with Retry-After and a page that shows no internals', async () => {
    // Prepare: every DynamoDB call fails the way a refused connection does
    db().middlewareStack.add(
      () => async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
      },
      { step: 'initialize', name: INJECTOR, override: true },
    );
    // Act
    const answer = await invokeHandler(
      deployed,
      staged('GET', '/admin/administrators', { headers: { Cookie: `panel_session=${'a'.repeat(43)}` } }),
    );
    // Assess
    expect(answer.status).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('Service Unavailable');
    expect(answer.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .*\.ts/);
  });
});
