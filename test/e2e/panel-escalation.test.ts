/**
 * The administration panel over HTTP, without a browser (test/e2e/panel-browser.test.ts drives a real one):
 * the escalation guard of SPEC §5 on the API access tab: what a non-root administrator may switch and see.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cliCreateUser,
  cliEnableApi,
  createVendor,
  expectStatus,
  expectUnauthorized,
  privilegedGroup,
  setLink,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { createPanelAdmin, notices, type PanelAdmin, type PanelClient, shownKey } from '../support/panel.js';
import { saveApiAccess, signedIn } from './panel-fixtures.js';

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
