/**
 * SPEC §5 (privileges), over real HTTP: an administrator holds the union of the privileges of their active
 * groups (pending and disabled links give none), and a revocation takes effect on the next request. Administrators are created and given API access and privileges with the admin command line, and linked
 * to their groups through the API, as an operator would.
 */
import { describe, expect, it } from 'vitest';
import {
  adminCli,
  cliSetPrivileges,
  createAdmin,
  createApiUser,
  createGroup,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  privilegedGroup,
  setLink,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const SLOW = 120_000;

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
