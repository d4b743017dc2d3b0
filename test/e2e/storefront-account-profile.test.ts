/**
 * The shopper's profile over real HTTP (CS-Cart's storefront API, issue 37 item 3): registration at
 * /api/4.0/sra_profile by a guest with the Storefront-Api-Access-Key (signed in at once, stored like any user: the
 * administration API and the change feed see the customer), the own profile (GET and PUT whatever id the path
 * carries; a new password ends the older tokens and answers a fresh one), the profile form, the path forms the apps
 * use; who may call what; hostile bodies that change nothing. The lists: storefront-account-lists.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { useChangeFeed } from '../support/change-feed.js';
import { feedCursorNow, feedEventsAfter } from '../support/feed-walk.js';
import {
  createApiUser,
  createCompany,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import {
  FIELDS,
  guest,
  PASSWORD,
  PROFILE,
  readStorefrontKey,
  register,
  tokenAuth,
} from './storefront-account-fixtures.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

/** The users of an e-mail, as the administration API lists them. */
const usersWithEmail = async (email: string) =>
  (await api('GET', `/api/users?email=${encodeURIComponent(email)}`)).json.users as unknown[];

let companyId: number;

beforeAll(async () => {
  await readStorefrontKey();
  companyId = await createCompany();
}, 120_000);

describe('POST /sra_profile (registration)', () => {
  it('a guest registers: 201 user_id, profile_id and a working token; a customer as the administration API and the feed see it', async () => {
    const cursor = await feedCursorNow('&entity=users');
    const email = uniqueEmail('Register');
    const response = await api('POST', `${PROFILE}/`, {
      ...guest(),
      body: { email, password1: PASSWORD, password2: PASSWORD, firstname: 'Grace', lastname: 'Hopper', phone: '555' },
    });
    expectStatus(response, 201);
    const { user_id: userId, profile_id: profileId, auth } = response.json;
    expect(Number.isInteger(userId)).toBe(true);
    expect(profileId).toBe(String(userId));
    expect(auth.token).toMatch(/^[0-9a-f]{32}$/);
    expect(auth.ttl).toBe(604800);

    const own = await api('GET', PROFILE, { auth: tokenAuth(auth.token) });
    expectStatus(own, 200);
    expect(own.json).toMatchObject({ user_id: String(userId), email, user_type: 'C', status: 'A', firstname: 'Grace' });
    expect(own.body).not.toMatch(/password_hash|scrypt|correct horse/);

    const admin = await api('GET', `/api/users/${userId}`);
    expectStatus(admin, 200);
    expect(admin.json).toMatchObject({ user_type: 'C', status: 'A', is_root: 'N', company_id: '0', phone: '555' });
    // The same customer signs in with the password chosen.
    expectStatus(await api('POST', '/api/auth_tokens', { auth: null, body: { email, password: PASSWORD } }), 201);

    const isUser = (event: ChangeEvent) => event.entity === 'users' && event.object_id === String(userId);
    const events = (await feedEventsAfter(cursor, (seen) => seen.some(isUser), '&entity=users')).filter(isUser);
    expect(events.map((event) => event.type)).toEqual(['users.created']);
  }, 120_000);

  it('`password` alone is accepted; an e-mail in use (any case) is a 409 and changes nothing', async () => {
    const email = uniqueEmail('single');
    expectStatus(await api('POST', PROFILE, { ...guest(), body: { email, password: PASSWORD } }), 201);
    const again = await api('POST', PROFILE, {
      ...guest(),
      body: { email: email.toUpperCase(), password1: PASSWORD, password2: PASSWORD, firstname: 'Other' },
    });
    expectError(again, 409);
    expect(again.json.message).toMatch(/^Conflict: .*already exists/);
    const listed = (await api('GET', `/api/users?email=${encodeURIComponent(email)}`)).json.users;
    expect(listed).toHaveLength(1);
    expect(listed[0].firstname).toBe('');
  }, 60_000);

  it('400s name the field: a missing e-mail, a missing, short or unmatched password; nothing is stored', async () => {
    const email = uniqueEmail('refused');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password1: PASSWORD, password2: PASSWORD }, 'email'],
      [{ email: 'not an address', password1: PASSWORD, password2: PASSWORD }, 'email'],
      [{ email }, 'password1'],
      [{ email, password1: 'short', password2: 'short' }, 'password1'],
      [{ email, password: 'short' }, 'password'],
      [{ email, password1: PASSWORD, password2: `${PASSWORD}!` }, 'password2'],
      [{ email, password1: PASSWORD }, 'password2'],
      [{ email, password2: PASSWORD }, 'password1'],
      [{ email, password1: 12345678, password2: 12345678 }, 'password1'],
    ];
    for (const [body, field] of cases) {
      const response = await api('POST', PROFILE, { ...guest(), body });
      expectError(response, 400);
      expect(response.json.message, JSON.stringify(body)).toContain(field);
      expect(response.json.errors[0].field, JSON.stringify(body)).toBe(field);
    }
    expect(await usersWithEmail(email)).toHaveLength(0);
  }, 60_000);

  it('hostile bodies: a shopper never sets user_type, status, company_id or is_root; malformed bodies are 4xx', async () => {
    const sneaky = await register({
      user_type: 'A',
      status: 'D',
      is_root: 'Y',
      company_id: companyId,
      api_key: 'x'.repeat(32),
      ['__proto__' as string]: { user_type: 'A' },
    });
    const shown = (await api('GET', `/api/users/${sneaky.id}`)).json;
    expect(shown).toMatchObject({ user_type: 'C', status: 'A', is_root: 'N', company_id: '0' });
    const email = uniqueEmail('hostile');
    for (const body of [
      'null',
      '[]',
      '"text"',
      '{"email":',
      '{"email": {"$gt": ""}, "password": "correct horse 42"}',
    ]) {
      const response = await api('POST', PROFILE, { ...guest(), body, contentType: 'application/json' });
      expect(response.status, body).toBe(400);
    }
    expectError(
      await api('POST', PROFILE, { ...guest(), body: { email: `${'a'.repeat(200)}@example.com`, password: PASSWORD } }),
      400,
    );
    expectError(
      await api('POST', PROFILE, { ...guest(), body: { email, password: 'x'.repeat(2000) } }),
      400,
      'Bad Request: The password field is not acceptable: a password has at most 1024 characters',
    );
    expect(await usersWithEmail(email)).toHaveLength(0);
  }, 60_000);

  it('without the storefront key and without a token: 401; a vendor key: 403; a store context registers in it', async () => {
    expectUnauthorized(await api('POST', PROFILE, { auth: null, body: { email: uniqueEmail(), password: PASSWORD } }));
    expectUnauthorized(await api('GET', PROFILE, { auth: null }));
    const vendor = await createApiUser('V', ['--company', String(companyId)]);
    expectForbidden(
      await api('POST', PROFILE, { auth: vendor.auth, body: { email: uniqueEmail(), password: PASSWORD } }),
    );
    expectForbidden(await api('GET', PROFILE, { auth: vendor.auth }));
    const email = uniqueEmail('context');
    const inStore = await api('POST', `/api/4.0/stores/${companyId}/sra_profile`, {
      ...guest(),
      body: { email, password: PASSWORD },
    });
    expectStatus(inStore, 201);
    expect((await api('GET', `/api/users/${inStore.json.user_id}`)).json.company_id).toBe(String(companyId));
  }, 120_000);
});

describe('GET and PUT /sra_profile (the own profile)', () => {
  it('a guest gets 403; GET and PUT mean the caller whatever id the path carries; a non-numeric id is a 404', async () => {
    const ada = await register();
    const bob = await register({ firstname: 'Bob' });
    expectForbidden(await api('GET', PROFILE, guest()));
    expectForbidden(await api('PUT', `${PROFILE}/1`, { ...guest(), body: { firstname: 'X' } }));
    const viaOther = await api('GET', `${PROFILE}/${bob.id}`, { auth: ada.auth });
    expectStatus(viaOther, 200);
    expect(viaOther.json.email).toBe(ada.email);
    expectError(await api('GET', `${PROFILE}/me`, { auth: ada.auth }), 404);

    const put = await api('PUT', `${PROFILE}/${bob.id}`, {
      auth: ada.auth,
      body: { firstname: 'Augusta', phone: '12' },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ user_id: String(ada.id), profile_id: String(ada.id) });
    expect((await api('GET', `/api/users/${ada.id}`)).json).toMatchObject({ firstname: 'Augusta', phone: '12' });
    expect((await api('GET', `/api/users/${bob.id}`)).json.firstname).toBe('Bob');
    // The collection form, as CS-Cart's apps also send it.
    expectStatus(await api('PUT', PROFILE, { auth: ada.auth, body: { lastname: 'King' } }), 200);
    expect((await api('GET', PROFILE, { auth: ada.auth })).json.lastname).toBe('King');
  }, 60_000);

  it('GET carries the profile form with its values (never a password)', async () => {
    const ada = await register({ phone: '+44 1' });
    const shown = (await api('GET', `${PROFILE}/1`, { auth: ada.auth })).json;
    const fields = Object.values(shown.fields as Record<string, { fields: Array<Record<string, unknown>> }>).flatMap(
      (section) => section.fields,
    );
    expect(fields.find((field) => field.field_id === 'email')?.value).toBe(ada.email);
    expect(fields.find((field) => field.field_id === 'phone')?.value).toBe('+44 1');
    expect(fields.find((field) => field.field_id === 'password1')?.value).toBeNull();
  }, 60_000);

  it('PUT: 409 for an e-mail in use, 400 naming a bad field, a body with nothing to change is a 400; nothing changes', async () => {
    const ada = await register();
    const bob = await register();
    expectError(await api('PUT', PROFILE, { auth: ada.auth, body: { email: bob.email } }), 409);
    expectError(await api('PUT', PROFILE, { auth: ada.auth, body: { email: 'nope' } }), 400);
    expectError(
      await api('PUT', PROFILE, { auth: ada.auth, body: { password1: PASSWORD, password2: 'different pass 1' } }),
      400,
    );
    expectError(
      await api('PUT', PROFILE, { auth: ada.auth, body: { status: 'D', user_type: 'A' } }),
      400,
      'Bad Request: Missing parameters',
    );
    const shown = (await api('GET', `/api/users/${ada.id}`)).json;
    expect(shown).toMatchObject({ email: ada.email, status: 'A', user_type: 'C' });
    expectStatus(await api('GET', PROFILE, { auth: ada.auth }), 200);
  }, 60_000);

  it('a new password ends every older token; the answer carries the token to go on with', async () => {
    const ada = await register();
    const second = await api('POST', '/api/auth_tokens', {
      auth: null,
      body: { email: ada.email, password: PASSWORD },
    });
    const secondAuth = tokenAuth(second.json.token);
    const changed = await api('PUT', `${PROFILE}/1`, {
      auth: ada.auth,
      body: { password1: 'a brand new pass', password2: 'a brand new pass' },
    });
    expectStatus(changed, 200);
    expect(changed.json).toMatchObject({ user_id: String(ada.id), profile_id: String(ada.id) });
    expect(changed.json.auth.token).toMatch(/^[0-9a-f]{32}$/);
    expectUnauthorized(await api('GET', PROFILE, { auth: ada.auth }));
    expectUnauthorized(await api('GET', PROFILE, { auth: secondAuth }));
    expectStatus(await api('GET', PROFILE, { auth: tokenAuth(changed.json.auth.token) }), 200);
    expectError(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: ada.email, password: PASSWORD } }),
      404,
    );
    expectStatus(
      await api('POST', '/api/auth_tokens', { auth: null, body: { email: ada.email, password: 'a brand new pass' } }),
      201,
    );
  }, 60_000);

  it("an administrator's API key reads its own account; the profile's DELETE is a 405", async () => {
    const admin = await createApiUser('A', ['--root']);
    const own = await api('GET', PROFILE, { auth: admin.auth });
    expectStatus(own, 200);
    expect(own.json).toMatchObject({ user_id: String(admin.userId), email: admin.email, user_type: 'A' });
    expectError(await api('DELETE', `${PROFILE}/1`, { auth: admin.auth }), 405);
  }, 60_000);
});

describe('the path forms and parameters the apps send', () => {
  it('/api/, /api/2.0/, /api/4.0/, a store context, the legacy form, a trailing slash; language parameters ride along', async () => {
    const ada = await register();
    for (const path of [
      '/api/sra_profile',
      '/api/2.0/sra_profile/',
      `/api/4.0/stores/${companyId}/sra_profile/1`,
      '/api.php?_d=4.0/sra_profile&ajax_custom=1',
      '/api/4.0/sra_profile/?language=en&sl=en&lang_code=en&currency=USD',
    ]) {
      const response = await api('GET', path, { auth: ada.auth });
      expectStatus(response, 200);
      expect(response.json.email, path).toBe(ada.email);
    }
    for (const path of [
      '/api/sra_wish_list',
      '/api/2.0/sra_wish_list/?sl=en',
      `/api/4.0/stores/${companyId}/sra_wish_list`,
    ])
      expect((await api('GET', path, { auth: ada.auth })).json, path).toEqual({ products: {} });
    expectStatus(await api('GET', '/api/sra_profile_fields?language=en&location=checkout', guest()), 200);
    expectStatus(await api('GET', '/api/2.0/sra_unviewed_notifications/', { auth: ada.auth }), 200);
  }, 60_000);
});

describe('GET /sra_profile_fields', () => {
  it('the form per location and action, for guests too; a value out of range is a 400', async () => {
    const add = await api('GET', `${FIELDS}?location=profile&action=add`, guest());
    expectStatus(add, 200);
    expect(Object.keys(add.json)).toEqual(['E', 'C']);
    const essentials = add.json.E.fields as Array<Record<string, unknown>>;
    expect(essentials.map((field) => field.field_id)).toEqual(['email', 'password1', 'password2']);
    expect(essentials.every((field) => field.required === true)).toBe(true);
    expect(add.json.C.fields.map((field: { field_id: string }) => field.field_id)).toEqual([
      'firstname',
      'lastname',
      'company',
      'phone',
    ]);
    const update = (await api('GET', FIELDS, guest())).json;
    expect(update.E.fields.find((field: { field_id: string }) => field.field_id === 'password1').required).toBe(false);
    const checkout = (await api('GET', `${FIELDS}/?location=checkout&action=add`, guest())).json;
    expect(Object.keys(checkout)).toEqual(['E', 'C', 'B', 'S']);
    expect(checkout.E.fields.map((field: { field_id: string }) => field.field_id)).toEqual(['email']);
    expect(checkout.S.fields.map((field: { field_id: string }) => field.field_id)).toContain('s_zipcode');
    expectError(
      await api('GET', `${FIELDS}?location=moon`, guest()),
      400,
      'Bad Request: The location field must be one of: profile, checkout',
    );
    expectUnauthorized(await api('GET', FIELDS, { auth: null }));
  }, 60_000);
});
