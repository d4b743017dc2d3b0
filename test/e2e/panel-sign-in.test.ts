/**
 * The administration panel over HTTP, without a browser (test/e2e/panel-browser.test.ts drives a real one):
 * sign-in, the session cookie, the brute-force limit, sign-out, and sessions ending when the account changes (the
 * admin command line's set-password, a disabled account).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCli, cliCreateUser, expectStatus, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { createPanelAdmin, hiddenField, notices, type PanelAdmin, PanelClient } from '../support/panel.js';
import { cliWithInput, signedIn } from './panel-fixtures.js';

describe('signing in', () => {
  let admin: PanelAdmin;
  beforeAll(async () => {
    admin = await createPanelAdmin(['--root']);
  });

  it('sends a visitor without a session to the sign-in form, whose token cookie is HttpOnly and SameSite=Strict', async () => {
    // Prepare
    const client = new PanelClient();
    // Act
    const home = await client.get('/admin');
    const deep = await client.get('/admin/users/1/api');
    const form = await client.get('/admin/login');
    // Assess
    expect(home.status).toBe(303);
    expect(home.location).toBe('/admin/login');
    expect(deep.location).toBe('/admin/login');
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(form.body).toContain('<form class="card" method="post" action="/admin/login">');
    const cookie = form.setCookies.find((c) => c.startsWith('panel_login='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin/);
  });

  it('starts a session: an HttpOnly, SameSite=Strict cookie on /admin (not Secure on plain-HTTP offline), then the lists', async () => {
    // Prepare
    const client = new PanelClient();
    // Act
    const answer = await client.signIn(admin.email.toUpperCase(), admin.password);
    // Assess
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/admin/');
    const cookie = answer.setCookies.find((c) => c.startsWith('panel_session='))!;
    expect(cookie).toMatch(/^panel_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin(;|$)/);
    expect(cookie).not.toMatch(/Secure/);
    const home = await client.get('/admin/');
    expect(home.location).toBe('/admin/administrators');
    const list = await client.get(`/admin/administrators?email=${encodeURIComponent(admin.email)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(list.headers.get('x-frame-options')).toBe('DENY');
    expect(list.body).toContain(`>${admin.email}</a>`);
  });

  it('refuses a wrong password, an unknown e-mail and a missing form token alike, and starts no session', async () => {
    // Prepare
    const client = new PanelClient();
    // Act
    const wrong = await client.signIn(admin.email, `${admin.password}x`);
    const unknown = await client.signIn(uniqueEmail('nobody'), admin.password);
    await client.get('/admin/login');
    const tokenless = await client.post('/admin/login', { email: admin.email, password: admin.password });
    // Assess
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(notices(wrong.body)).toEqual(notices(unknown.body));
    expect(tokenless.status).toBe(403);
    expect(client.cookies.has('panel_session')).toBe(false);
    expect((await client.get('/admin/administrators')).location).toBe('/admin/login');
  });

  it('lets no administrator who never got a password in, whatever is typed', async () => {
    // Prepare
    const email = uniqueEmail('nopw');
    await cliCreateUser(email, 'A');
    const client = new PanelClient();
    // Act / Assess
    expect((await client.signIn(email, 'anything-at-all-1')).status).toBe(401);
    expect((await client.signIn(email, '')).status).toBe(400);
    expect((await client.signIn(`${'x'.repeat(3000)}@example.com`, 'anything-at-all-1')).status).toBe(401);
  });

  it('locks an (e-mail, address) pair out after 10 failures, with 429 and Retry-After, even for the right password', async () => {
    // Prepare
    const victim = await createPanelAdmin();
    const client = new PanelClient();
    // Act
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await client.signIn(victim.email, `wrong-password-${i}`)).status);
    const locked = await client.signIn(victim.email, victim.password);
    // Assess
    expect(statuses).toEqual(Array(10).fill(401));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(notices(locked.body).join(' ')).toContain('Too many failed sign-ins');
  }, 120_000);

  it('ends the session on sign-out (POST with the CSRF token): the old cookie opens nothing', async () => {
    // Prepare
    const client = await signedIn(admin);
    const stolen = new Map(client.cookies);
    const csrf = await client.csrfToken();
    // Act
    const out = await client.post('/admin/logout', { csrf_token: csrf });
    // Assess
    expect(out.status).toBe(303);
    expect(out.location).toBe('/admin/login');
    expect(out.setCookies.some((c) => /^panel_session=;.*Max-Age=0/.test(c))).toBe(true);
    const replay = new PanelClient();
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    expect((await replay.get('/admin/administrators')).location).toBe('/admin/login');
  });
});

describe('sessions end when the account changes', () => {
  it('a new password (set-password) ends older sessions; so does disabling the account', async () => {
    // Prepare
    const admin = await createPanelAdmin();
    const client = await signedIn(admin);
    expect((await client.get(`/admin/users/${admin.userId}`)).status).toBe(200);
    // Act: the admin command line, exactly as an operator runs it (password on stdin)
    const result = await cliWithInput(['set-password', '--email', admin.email], 'a-brand-new-password\n');
    // Assess
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`panel password set for ${admin.email}`);
    expect((await client.get(`/admin/users/${admin.userId}`)).location).toBe('/admin/login');
    const again = await signedIn({ ...admin, password: 'a-brand-new-password' });
    expect((await again.get(`/admin/users/${admin.userId}`)).status).toBe(200);
    // Disabled by a root administrator through the API: the session is over.
    expectStatus(await api('PUT', `/api/users/${admin.userId}`, { body: { status: 'D' } }), 200);
    expect((await again.get(`/admin/users/${admin.userId}`)).location).toBe('/admin/login');
  }, 120_000);

  it('set-password refuses short passwords and non-administrators; --generate prints a password that signs in', async () => {
    // Prepare
    const email = uniqueEmail('gen');
    const userId = await cliCreateUser(email, 'A');
    const vendorEmail = uniqueEmail('vendor-pw');
    await cliCreateUser(vendorEmail, 'V');
    // Act
    const [generated, vendor, short] = await Promise.all([
      adminCli(['set-password', '--email', email, '--generate']),
      adminCli(['set-password', '--email', vendorEmail, '--generate']),
      cliWithInput(['set-password', '--email', email], 'too-short\n'),
    ]);
    // Assess
    expect(generated.code, generated.stderr).toBe(0);
    const password = generated.stdout.trim().split('\n').pop()!;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const client = await signedIn({ userId, email, password });
    expect(hiddenField((await client.get(`/admin/users/${userId}`)).body, 'csrf_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(vendor.code).toBe(1);
    expect(vendor.stderr).toContain('only administrators');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
  }, 120_000);
});
