/**
 * The administration panel over HTTP, without a browser (test/e2e/panel-browser.test.ts drives a real one):
 * sign-in, the session cookie, CSRF, the API access tab under the escalation guard of SPEC §5, revocation,
 * the brute-force limit, and the admin command line's set-password.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCli,
  cliCreateUser,
  cliEnableApi,
  cliEnv,
  createCustomer,
  createUser,
  createVendor,
  expectStatus,
  expectUnauthorized,
  privilegedGroup,
  setLink,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { createPanelAdmin, hiddenField, notices, type PanelAdmin, PanelClient, shownKey } from '../support/panel.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The admin command line with `input` on its standard input (adminCli leaves stdin open). */
function cliWithInput(args: string[], input: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'npx',
      ['tsx', 'scripts/admin.ts', ...args],
      { cwd: REPO_ROOT, env: cliEnv(), timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
    child.stdin!.end(input);
  });
}

async function signedIn(admin: PanelAdmin): Promise<PanelClient> {
  const client = new PanelClient();
  const answer = await client.signIn(admin.email, admin.password);
  expect(answer.status, answer.body.slice(0, 400)).toBe(303);
  return client;
}

/** Submits the API access tab of `userId` as the page's form would. */
async function saveApiAccess(client: PanelClient, userId: number, on: boolean) {
  const csrf = await client.csrfToken();
  return client.post(`/admin/users/${userId}/api`, {
    csrf_token: csrf,
    action: 'save',
    ...(on ? { api_access: 'Y' } : {}),
  });
}

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

describe('the API access tab', () => {
  let root: PanelAdmin;
  let rootClient: PanelClient;
  beforeAll(async () => {
    root = await createPanelAdmin(['--root']);
    rootClient = await signedIn(root);
  });

  it('a root administrator switches another administrator on (the key shown once works), then off (401)', async () => {
    // Prepare
    const email = uniqueEmail('target');
    const userId = await cliCreateUser(email, 'A');
    // Act
    const on = await saveApiAccess(rootClient, userId, true);
    const key = shownKey(on.body);
    // Assess
    expect(on.status).toBe(200);
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(on.body).toContain('it is shown only this once');
    expect(on.headers.get('cache-control')).toBe('no-store');
    expectStatus(await api('GET', '/api/version', { auth: [email, key!] }), 200);
    // The key is never shown again.
    const again = await rootClient.get(`/admin/users/${userId}/api`);
    expect(shownKey(again.body)).toBeUndefined();
    expect(again.body).not.toContain(key!);
    expect(again.body).toMatch(/name="api_access" value="Y" checked/);
    // Saving "on" again changes nothing and generates no key.
    const same = await saveApiAccess(rootClient, userId, true);
    expect(shownKey(same.body)).toBeUndefined();
    expectStatus(await api('GET', '/api/version', { auth: [email, key!] }), 200);
    // Off: revoked at once.
    const off = await saveApiAccess(rootClient, userId, false);
    expect(off.status).toBe(200);
    expect(notices(off.body).join(' ')).toContain('revoked');
    expectUnauthorized(await api('GET', '/api/version', { auth: [email, key!] }));
  });

  it('a root administrator regenerates a key: the old one stops working, the new one works', async () => {
    // Prepare
    const email = uniqueEmail('regen');
    const userId = await cliCreateUser(email, 'V', ['--company', '3']);
    const oldKey = await cliEnableApi(email);
    const csrf = await rootClient.csrfToken();
    // Act
    const answer = await rootClient.post(`/admin/users/${userId}/api`, { csrf_token: csrf, action: 'regenerate' });
    // Assess
    const newKey = shownKey(answer.body);
    expect(answer.status).toBe(200);
    expect(newKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newKey).not.toBe(oldKey);
    expectUnauthorized(await api('GET', '/api/version', { auth: [email, oldKey] }));
    expectStatus(await api('GET', '/api/version', { auth: [email, newKey!] }), 200);
  });

  it('lists vendors under their own heading, with their API access state', async () => {
    // Prepare
    const email = uniqueEmail('listed-vendor');
    await cliCreateUser(email, 'V', ['--company', '4']);
    // Act
    const vendors = await rootClient.get('/admin/vendors');
    const found = await rootClient.get(`/admin/vendors?email=${encodeURIComponent(email)}`);
    const notAnAdmin = await rootClient.get(`/admin/administrators?email=${encodeURIComponent(email)}`);
    // Assess
    expect(vendors.status).toBe(200);
    expect(vendors.body).toContain('<h1>Vendor administrators</h1>');
    expect(found.body).toContain(`>${email}</a>`);
    expect(found.body).toMatch(/<td data-label="API access"><span class="badge off">off<\/span><\/td>/);
    expect(notAnAdmin.body).not.toContain(`>${email}</a>`);
    expect(notAnAdmin.body).toContain('No account with that address here.');
  });

  it('refuses a customer: customers never hold API access (400)', async () => {
    // Prepare
    const customerId = await createCustomer();
    // Act
    const answer = await saveApiAccess(rootClient, customerId, true);
    // Assess
    expect(answer.status).toBe(400);
    expect(notices(answer.body).join(' ')).toContain('Customers never hold API access');
  });

  it("sets a customer's storefront password: the customer signs in with it; a short one is a 400", async () => {
    // Prepare
    const email = uniqueEmail('panel-shopper');
    const customerId = await createUser({ user_type: 'C', email });
    const csrf = await rootClient.csrfToken();
    // Act
    const short = await rootClient.post(`/admin/users/${customerId}/api`, {
      csrf_token: csrf,
      action: 'password',
      password: 'short',
    });
    const set = await rootClient.post(`/admin/users/${customerId}/api`, {
      csrf_token: csrf,
      action: 'password',
      password: 'panel set this 9',
    });
    // Assess
    expect(short.status).toBe(400);
    expect(set.status).toBe(200);
    expect(notices(set.body).join(' ')).toContain('storefront password is set');
    expect(set.body).not.toContain('panel set this 9');
    const signIn = await api('POST', '/api/auth_tokens', { auth: null, body: { email, password: 'panel set this 9' } });
    expectStatus(signIn, 201);
  });

  it("refuses a POST without the session's CSRF token, or from another origin, and changes nothing", async () => {
    // Prepare
    const email = uniqueEmail('csrf');
    const userId = await cliCreateUser(email, 'A');
    const csrf = await rootClient.csrfToken();
    // Act
    const missing = await rootClient.post(`/admin/users/${userId}/api`, { action: 'save', api_access: 'Y' });
    const wrong = await rootClient.post(`/admin/users/${userId}/api`, {
      csrf_token: `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`,
      action: 'save',
      api_access: 'Y',
    });
    const foreign = await rootClient.post(
      `/admin/users/${userId}/api`,
      { csrf_token: csrf, action: 'save', api_access: 'Y' },
      { origin: 'https://evil.example' },
    );
    // Assess
    for (const answer of [missing, wrong, foreign]) {
      expect(answer.status).toBe(403);
      expect(shownKey(answer.body)).toBeUndefined();
    }
    const page = await rootClient.get(`/admin/users/${userId}/api`);
    expect(page.body).not.toMatch(/name="api_access" value="Y" checked/);
  });

  it('answers 404 for an unknown account or page and 405 for a wrong method', async () => {
    expect((await rootClient.get('/admin/users/999999999/api')).status).toBe(404);
    expect((await rootClient.get('/admin/nothing-here')).status).toBe(404);
    const wrongMethod = await rootClient.post('/admin/administrators', {});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });
});

describe('the escalation guard in the panel (SPEC §5)', () => {
  let manager: PanelAdmin;
  let managerClient: PanelClient;
  beforeAll(async () => {
    manager = await createPanelAdmin();
    const groupId = await privilegedGroup(['view_users', 'manage_users']);
    await setLink(manager.userId, groupId, 'A');
    managerClient = await signedIn(manager);
  });

  it('a non-root administrator switches their own API access on and off', async () => {
    // Act
    const on = await saveApiAccess(managerClient, manager.userId, true);
    const key = shownKey(on.body);
    // Assess
    expect(on.status).toBe(200);
    expectStatus(await api('GET', '/api/version', { auth: [manager.email, key!] }), 200);
    expect((await saveApiAccess(managerClient, manager.userId, false)).status).toBe(200);
    expectUnauthorized(await api('GET', '/api/version', { auth: [manager.email, key!] }));
  });

  it('a non-root administrator (even with manage_users) may not switch on another administrator or a vendor: 403, nothing changes', async () => {
    // Prepare
    const otherAdmin = await cliCreateUser(uniqueEmail('other'), 'A');
    const vendor = await createVendor();
    // Act
    const page = await managerClient.get(`/admin/users/${otherAdmin}/api`);
    const adminAnswer = await saveApiAccess(managerClient, otherAdmin, true);
    const vendorAnswer = await saveApiAccess(managerClient, vendor, true);
    // Assess: the form says so, and a crafted POST is refused by the guard
    expect(page.body).toMatch(/name="api_access" value="Y" disabled/);
    expect(page.body).toContain(
      'Only a root administrator may change the API access of another administrator or a vendor',
    );
    for (const answer of [adminAnswer, vendorAnswer]) {
      expect(answer.status).toBe(403);
      expect(shownKey(answer.body)).toBeUndefined();
      expect(notices(answer.body).join(' ')).toContain(
        'Forbidden: Only a root administrator may change the API access of another administrator or a vendor',
      );
    }
    expect((await managerClient.get(`/admin/users/${otherAdmin}/api`)).body).not.toMatch(/value="Y" checked/);
  });

  it("a non-root administrator may not switch off a root administrator's API access, nor regenerate any key", async () => {
    // Prepare
    const rootEmail = uniqueEmail('root-target');
    const rootId = await cliCreateUser(rootEmail, 'A', ['--root']);
    const rootKey = await cliEnableApi(rootEmail);
    const csrf = await managerClient.csrfToken();
    // Act
    const off = await saveApiAccess(managerClient, rootId, false);
    const regenerate = await managerClient.post(`/admin/users/${manager.userId}/api`, {
      csrf_token: csrf,
      action: 'regenerate',
    });
    // Assess
    expect(off.status).toBe(403);
    expectStatus(await api('GET', '/api/version', { auth: [rootEmail, rootKey] }), 200);
    expect(regenerate.status).toBe(403);
    expect(notices(regenerate.body).join(' ')).toContain('Only a root administrator may regenerate an API key');
  });

  it('an administrator without view_users sees only their own account', async () => {
    // Prepare
    const plain = await createPanelAdmin();
    const client = await signedIn(plain);
    // Act
    const home = await client.get('/admin/');
    const list = await client.get('/admin/administrators');
    const other = await client.get(`/admin/users/${manager.userId}`);
    const own = await client.get(`/admin/users/${plain.userId}/api`);
    // Assess
    expect(home.location).toBe(`/admin/users/${plain.userId}`);
    expect(list.status).toBe(403);
    expect(other.status).toBe(403);
    expect(own.status).toBe(200);
    expect(own.body).toContain('name="api_access" value="Y">');
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
