/**
 * The administration panel over HTTP, without a browser (test/e2e/panel-browser.test.ts drives a real one):
 * the API access tab as a root administrator: switching access on and off, regenerating keys, vendors, customers'
 * storefront passwords, CSRF and origin checks, 404 and 405.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cliCreateUser,
  cliEnableApi,
  createCustomer,
  createUser,
  expectStatus,
  expectUnauthorized,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { createPanelAdmin, notices, type PanelAdmin, type PanelClient, shownKey } from '../support/panel.js';
import { saveApiAccess, signedIn } from './panel-fixtures.js';

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
