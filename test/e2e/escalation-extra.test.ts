/**
 * Privilege escalation and mass assignment beyond test/e2e/escalation.test.ts (SPEC §2, §4, §5, §8):
 * API keys can be neither read nor set through the API (api_key, key_hash, api_enabled… in bodies do
 * nothing, for anyone, on POST and PUT); is_root stays N whoever sends it; the escalation guard cannot be
 * dodged by spelling (" A ", "a", arrays, repeated keys, form bodies, the api.php and 2.0 forms); a
 * re-used e-mail does not resurrect the API access of a deleted account; vendors get 403 on every users,
 * usergroups and membership operation in every path form, and nothing changes.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Admin,
  type ApiUser,
  createAdmin,
  createApiUser,
  createCompany,
  createCustomer,
  createGroup,
  createVendor,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  linksOf,
  setLink,
  uniqueEmail,
} from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';

const SLOW = 180_000;
const KEY_FIELDS = {
  api_key: 'Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa',
  key_hash: sha256('Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa'),
  api_enabled: 'Y',
  api_access: 'Y',
  password: 'Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa0Aa',
};

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** No response ever shows a key, its hash or the bookkeeping next to it. */
function expectNoSecrets(body: string): void {
  expect(body).not.toMatch(/api_key|key_hash|api_enabled|password|email_lc|active_groups|"version"/);
}

async function usersWithEmail(email: string): Promise<number[]> {
  const response = await api('GET', `/api/users?email=${encodeURIComponent(email)}`);
  expectStatus(response, 200);
  return response.json.users.map((user: { user_id: string }) => Number(user.user_id));
}

describe('API keys cannot be set or read through the API', () => {
  it('POST /users (as root) with api_key, key_hash, api_enabled, password: the new administrator cannot authenticate with any of them', async () => {
    const email = uniqueEmail('keyed');
    const created = await api('POST', '/api/users', { body: { email, user_type: 'A', ...KEY_FIELDS, is_root: 'Y' } });
    expectStatus(created, 201);
    expectNoSecrets(created.body);
    const read = await api('GET', `/api/users/${created.json.user_id}`);
    expect(read.json).toMatchObject({ email, user_type: 'A', is_root: 'N' });
    expectNoSecrets(read.body);
    for (const key of [KEY_FIELDS.api_key, KEY_FIELDS.key_hash, 'Y', '']) {
      expectUnauthorized(await api('GET', '/api/version', { auth: [email, key] }));
    }
  });

  it('PUT /users/:id (as root) with api_key and key_hash changes no key: the old one still works, the sent one does not', async () => {
    const user = await createApiUser('A');
    expectStatus(await api('PUT', `/api/users/${user.userId}`, { body: { ...KEY_FIELDS, firstname: 'Keyed' } }), 200);
    expectStatus(await api('GET', '/api/version', { auth: user.auth }), 200);
    expectUnauthorized(await api('GET', '/api/version', { auth: [user.email, KEY_FIELDS.api_key] }));
    // Only key fields (without the storefront password, which a PUT may set): nothing writable, so "Missing
    // parameters", and still nothing changed.
    const { password: _storefrontPassword, ...keyFieldsOnly } = KEY_FIELDS;
    const onlyKeys = await api('PUT', `/api/users/${user.userId}`, { body: keyFieldsOnly });
    expect(onlyKeys.status).toBe(400);
    expectStatus(await api('GET', '/api/version', { auth: user.auth }), 200);
  });

  it('the same through a text/plain form body and through api.php', async () => {
    const user = await createApiUser('A');
    const form = `firstname=F&api_key=${KEY_FIELDS.api_key}&key_hash=${KEY_FIELDS.key_hash}&api_enabled=Y`;
    expectStatus(await api('PUT', `/api/users/${user.userId}`, { body: form, contentType: 'text/plain' }), 200);
    expectStatus(
      await api('PUT', `/api.php?_d=users/${user.userId}&ajax_custom=1`, { body: { lastname: 'L', ...KEY_FIELDS } }),
      200,
    );
    expectStatus(await api('GET', '/api/version', { auth: user.auth }), 200);
    expectUnauthorized(await api('GET', '/api/version', { auth: [user.email, KEY_FIELDS.api_key] }));
  });

  it('no answer of any read shows a key or its hash: single, list, filtered list, 2.0 and api.php', async () => {
    const user = await createApiUser('A');
    for (const path of [
      `/api/users/${user.userId}`,
      `/api/2.0/users/${user.userId}`,
      `/api/users?email=${encodeURIComponent(user.email)}`,
      '/api/users?items_per_page=250',
      `/api.php?_d=users/${user.userId}&ajax_custom=1`,
    ]) {
      const response = await api('GET', path);
      expectStatus(response, 200);
      expectNoSecrets(response.body);
      expect(response.body).not.toContain(user.key);
      expect(response.body).not.toContain(sha256(user.key));
    }
  });
});

describe('a non-root administrator with manage_users (and view_users)', () => {
  let manager: Admin;
  beforeAll(async () => {
    manager = await createAdmin(['view_users', 'manage_users']);
  }, SLOW);

  it('creates a customer with is_root Y in the body: 201, and the customer is not root', async () => {
    const email = uniqueEmail('not-root');
    const created = await api('POST', '/api/users', {
      auth: manager.auth,
      body: { email, user_type: 'C', is_root: 'Y' },
    });
    expectStatus(created, 201);
    expect((await api('GET', `/api/users/${created.json.user_id}`)).json).toMatchObject({
      is_root: 'N',
      user_type: 'C',
    });
  });

  it(
    'cannot dodge the guard by spelling user_type: every variant is 403 or 400, never a new administrator or vendor',
    async () => {
      const attempts: Array<[string, { body: string | object; contentType?: string }]> = [
        ['padded', { body: { user_type: ' A ' } }],
        ['lower case', { body: { user_type: 'a' } }],
        ['array', { body: { user_type: ['A'] } }],
        ['object', { body: { user_type: { 0: 'A' } } }],
        [
          'repeated JSON key',
          { body: '{"user_type":"C","user_type":"A","email":"EMAIL"}', contentType: 'application/json' },
        ],
        ['repeated form key', { body: 'user_type=C&user_type=A&email=EMAIL', contentType: 'text/plain' }],
        ['form array', { body: 'user_type[]=A&email=EMAIL', contentType: 'application/x-www-form-urlencoded' }],
        ['vendor', { body: { user_type: 'V', company_id: 3 } }],
        ['vendor padded', { body: { user_type: '\tV\n', company_id: 3 } }],
      ];
      for (const [name, attempt] of attempts) {
        for (const path of ['/api/users', '/api/2.0/users', '/api.php?_d=users&ajax_custom=1']) {
          const email = uniqueEmail('dodge');
          const raw = attempt.contentType === 'application/json' ? email : encodeURIComponent(email);
          const body =
            typeof attempt.body === 'string' ? attempt.body.replace('EMAIL', raw) : { email, ...attempt.body };
          const response = await api('POST', path, { auth: manager.auth, body, contentType: attempt.contentType });
          expect([400, 403], `${name} via ${path}: ${response.status} ${response.body}`).toContain(response.status);
          expect(await usersWithEmail(email), `${name} via ${path} created a user`).toEqual([]);
        }
      }
    },
    SLOW,
  );

  it('cannot change its own user_type (400) nor set its own API key (ignored); it keeps working with its own key', async () => {
    const changed = await api('PUT', `/api/users/${manager.userId}`, { auth: manager.auth, body: { user_type: 'V' } });
    expect(changed.status).toBe(400);
    const sneaky = await api('PUT', `/api/users/${manager.userId}`, {
      auth: manager.auth,
      body: { firstname: 'Me', ...KEY_FIELDS },
    });
    expectStatus(sneaky, 200);
    expect((await api('GET', `/api/users/${manager.userId}`)).json).toMatchObject({
      user_type: 'A',
      is_root: 'N',
      firstname: 'Me',
    });
    expectStatus(await api('GET', '/api/users', { auth: manager.auth }), 200);
    expectUnauthorized(await api('GET', '/api/version', { auth: [manager.email, KEY_FIELDS.api_key] }));
  });

  it('cannot take over an administrator account by e-mail: moving a customer onto its address is a 400', async () => {
    const admin = await createApiUser('A');
    const customer = await createCustomer(manager.auth);
    const response = await api('PUT', `/api/users/${customer}`, {
      auth: manager.auth,
      body: { email: admin.email.toUpperCase() },
    });
    expect(response.status).toBe(400);
    expectStatus(await api('GET', '/api/version', { auth: admin.auth }), 200);
    expect(await usersWithEmail(admin.email)).toEqual([admin.userId]);
  });

  it("an e-mail freed by a deleted administrator does not bring back that administrator's API key", async () => {
    const admin = await createApiUser('A');
    expectStatus(await api('DELETE', `/api/users/${admin.userId}`), 204);
    expectUnauthorized(await api('GET', '/api/version', { auth: admin.auth }));
    // The manager reuses the address for a customer; root reuses another one for a new administrator.
    expectStatus(
      await api('POST', '/api/users', { auth: manager.auth, body: { email: admin.email, user_type: 'C' } }),
      201,
    );
    expectUnauthorized(await api('GET', '/api/version', { auth: admin.auth }));
    const other = await createApiUser('A');
    expectStatus(await api('DELETE', `/api/users/${other.userId}`), 204);
    expectStatus(await api('POST', '/api/users', { body: { email: other.email, user_type: 'A' } }), 201);
    expectUnauthorized(await api('GET', '/api/version', { auth: other.auth }));
  });
});

describe('a non-root administrator with manage_usergroups (and view_usergroups, view_users)', () => {
  let manager: Admin;
  beforeAll(async () => {
    manager = await createAdmin(['view_usergroups', 'manage_usergroups', 'view_users']);
  }, SLOW);

  it(
    'cannot dodge the administrator-group guard by spelling type, on POST or PUT, in any path form',
    async () => {
      const customerGroup = await createGroup({ type: 'C', status: 'A', usergroup: 'stays-customer' });
      const variants: Array<[string, string | object, string | undefined]> = [
        ['padded', { type: ' A ', status: 'A' }, undefined],
        ['lower case', { type: 'a', status: 'A' }, undefined],
        ['array', { type: ['A'], status: 'A' }, undefined],
        ['repeated JSON key', '{"type":"C","type":"A","status":"A"}', 'application/json'],
        ['repeated form key', 'type=C&type=A&status=A', 'text/plain'],
        ['form array', 'type[]=A&status=A', 'application/x-www-form-urlencoded'],
      ];
      const before = Object.keys((await api('GET', '/api/usergroups?type=A')).json);
      for (const [name, body, contentType] of variants) {
        for (const prefix of ['/api', '/api/2.0']) {
          const post = await api('POST', `${prefix}/usergroups`, { auth: manager.auth, body, contentType });
          expect([400, 403], `POST ${name}: ${post.status} ${post.body}`).toContain(post.status);
          const put = await api('PUT', `${prefix}/usergroups/${customerGroup}`, {
            auth: manager.auth,
            body,
            contentType,
          });
          expect([400, 403], `PUT ${name}: ${put.status} ${put.body}`).toContain(put.status);
        }
        const php = await api('POST', '/api.php?_d=usergroups&ajax_custom=1', {
          auth: manager.auth,
          body,
          contentType,
        });
        expect([400, 403], `api.php ${name}: ${php.status}`).toContain(php.status);
      }
      expect(Object.keys((await api('GET', '/api/usergroups?type=A')).json)).toEqual(before);
      expect((await api('GET', `/api/usergroups/${customerGroup}`)).json).toMatchObject({
        type: 'C',
        usergroup: 'stays-customer',
      });
    },
    SLOW,
  );

  it(
    'privileges sent with a customer group are ignored, and the group grants nothing to an administrator member',
    async () => {
      const created = await api('POST', '/api/usergroups', {
        auth: manager.auth,
        body: { type: 'C', status: 'A', privileges: ['manage_users', 'view_users', 'manage_usergroups'] },
      });
      expectStatus(created, 201);
      const group = created.json.usergroup_id;
      const read = await api('GET', `/api/usergroups/${group}`);
      expect(read.json).not.toHaveProperty('privileges');
      // An administrator without privileges joins it (allowed: a customer group) and still has no rights.
      const plain = await createApiUser('A');
      await setLink(plain.userId, group, 'A', manager.auth);
      expectForbidden(await api('GET', '/api/users', { auth: plain.auth }));
      expectForbidden(
        await api('POST', '/api/users', { auth: plain.auth, body: { email: uniqueEmail(), user_type: 'C' } }),
      );
    },
    SLOW,
  );

  it('cannot grant itself privileges through its own group: a PUT with privileges on it is 403, the group is unchanged', async () => {
    const own = manager.groupId!;
    const before = (await api('GET', `/api/usergroups/${own}`)).json;
    expectForbidden(
      await api('PUT', `/api/usergroups/${own}`, {
        auth: manager.auth,
        body: { type: 'A', status: 'A', privileges: ['manage_users'] },
      }),
    );
    expect((await api('GET', `/api/usergroups/${own}`)).json).toEqual(before);
    expectForbidden(
      await api('POST', '/api/users', { auth: manager.auth, body: { email: uniqueEmail(), user_type: 'C' } }),
    );
  });
});

describe('vendors: 403 on every users, usergroups and membership operation, in every path form; nothing changes', () => {
  let vendor: ApiUser;
  let targets: { customer: number; group: number; otherVendor: number; own: number; other: number };
  beforeAll(async () => {
    const [own, other] = await Promise.all([createCompany(), createCompany()]);
    vendor = await createApiUser('V', ['--company', String(own)]);
    const [customer, group, otherVendor] = await Promise.all([
      createCustomer(),
      createGroup({ type: 'C', status: 'A', usergroup: 'vendor-target' }),
      createVendor({ company_id: other, firstname: 'Other' }),
    ]);
    await setLink(customer, group, 'P');
    targets = { customer, group, otherVendor, own, other };
  }, SLOW);

  it(
    'the whole matrix',
    async () => {
      const { customer, group, otherVendor, own, other } = targets;
      const calls: Array<[string, string, object?]> = [
        ['GET', 'users'],
        ['POST', 'users', { email: uniqueEmail('by-vendor'), user_type: 'C', company_id: own }],
        ['GET', `users/${customer}`],
        ['GET', `users/${otherVendor}`],
        ['GET', `users/${vendor.userId}`],
        ['PUT', `users/${customer}`, { firstname: 'Vendor was here' }],
        ['PUT', `users/${otherVendor}`, { company_id: own }],
        ['PUT', `users/${vendor.userId}`, { company_id: other }],
        ['DELETE', `users/${customer}`],
        ['DELETE', `users/${otherVendor}`],
        ['GET', 'usergroups'],
        ['POST', 'usergroups', { type: 'C', status: 'A' }],
        ['GET', `usergroups/${group}`],
        ['PUT', `usergroups/${group}`, { type: 'C', status: 'D' }],
        ['DELETE', `usergroups/${group}`],
        ['GET', `users/${customer}/usergroups`],
        ['GET', `users/${customer}/usergroups/${group}`],
        ['PUT', `users/${customer}/usergroups/${group}`, { status: 'A' }],
        ['PUT', `users/${vendor.userId}/usergroups/${group}`, { status: 'A' }],
        ['DELETE', `users/${customer}/usergroups/${group}`],
      ];
      const auth: Auth = vendor.auth;
      for (const [method, path, body] of calls) {
        for (const full of [`/api/${path}`, `/api/2.0/${path}`, `/api.php?_d=${path}&ajax_custom=1`]) {
          const response = await api(method, full, { auth, body });
          expect(response.status, `${method} ${full}: ${response.body}`).toBe(403);
          expectForbidden(response);
        }
      }
      expect((await api('GET', `/api/users/${customer}`)).json.firstname).not.toBe('Vendor was here');
      expect((await api('GET', `/api/users/${otherVendor}`)).json).toMatchObject({
        company_id: String(other),
        status: 'A',
      });
      expect((await api('GET', `/api/users/${vendor.userId}`)).json.company_id).toBe(String(own));
      expect((await api('GET', `/api/usergroups/${group}`)).json).toMatchObject({
        status: 'A',
        usergroup: 'vendor-target',
      });
      expect((await linksOf(customer))[group]).toMatchObject({ status: 'P' });
      expect(await linksOf(vendor.userId)).toEqual({});
      // The version stays open to vendors (SPEC §1).
      expectStatus(await api('GET', '/api/version', { auth }), 200);
    },
    SLOW,
  );
});
