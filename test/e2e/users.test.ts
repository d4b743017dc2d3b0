/**
 * SPEC §8 (users), §10 (the recording's fields and JSON types) and the paging rules of §3, over real HTTP
 * as the bootstrap root administrator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApiUser,
  createCompany,
  createUser,
  createVendor,
  expectError,
  expectStatus,
  inBatches,
  rootUserId,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

/** The recording's user row, in its order (cscart 4.20.1 GET /users, GET /users/:id). */
const USER_FIELDS = [
  'user_id',
  'user_login',
  'is_root',
  'timestamp',
  'user_type',
  'status',
  'firstname',
  'lastname',
  'email',
  'company',
  'company_id',
  'phone',
  'last_login',
  'company_name',
  'points',
  'anonymized',
];
/** Fields the recording shows as a JSON string holding an integer. */
const INTEGER_STRINGS = ['user_id', 'timestamp', 'company_id', 'last_login', 'points'];

/** Every field of the recording, nothing else, each with the recording's JSON type. */
function expectUserShape(user: Record<string, unknown>): void {
  expect(Object.keys(user)).toEqual(USER_FIELDS);
  for (const field of USER_FIELDS) {
    if (field === 'anonymized') expect(user[field], field).toBeNull();
    else expect(typeof user[field], `${field} is ${JSON.stringify(user[field])}`).toBe('string');
  }
  for (const field of INTEGER_STRINGS) expect(user[field], field).toMatch(/^(0|[1-9]\d*)$/);
  expect(user.user_login).toBe(`user_${user.user_id}`);
  expect(['Y', 'N']).toContain(user.is_root);
}

const idsOf = (users: Array<{ user_id: string }>) => users.map((user) => Number(user.user_id));

describe('POST /users', () => {
  it('201 {"user_id": N, "profile_id": "N"} (the recording\'s types); status defaults to A, is_root is N; GET shows what was sent, as strings', async () => {
    const email = uniqueEmail('new');
    const companyName = `Analytical Engines ${uid()}`;
    const companyId = await createCompany(companyName);
    const before = Math.floor(Date.now() / 1000);
    const response = await api('POST', '/api/users', {
      body: {
        email,
        user_type: 'C',
        firstname: 'Ada',
        lastname: 'Lovelace',
        company_id: companyId,
        phone: '+44 20 7946 0000',
        company: 'Own text',
      },
    });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['user_id', 'profile_id']);
    expect(Number.isInteger(response.json.user_id)).toBe(true);
    // One profile per user: its id is the user's (docs/data-model.md).
    expect(response.json.profile_id).toBe(String(response.json.user_id));
    const id = response.json.user_id as number;
    const read = await api('GET', `/api/users/${id}`);
    expectStatus(read, 200);
    expectUserShape(read.json);
    expect(read.json).toEqual({
      user_id: String(id),
      user_login: `user_${id}`,
      is_root: 'N',
      timestamp: read.json.timestamp,
      user_type: 'C',
      status: 'A',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email,
      company: 'Own text',
      company_id: String(companyId),
      phone: '+44 20 7946 0000',
      last_login: '0',
      company_name: companyName,
      points: '0',
      anonymized: null,
    });
    expect(Number(read.json.timestamp)).toBeGreaterThanOrEqual(before - 5);
    expect(Number(read.json.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 5);
  });

  it('defaults: no company (company_id "0", company and company_name ""), phone ""', async () => {
    const id = await createUser({ user_type: 'C' });
    const read = await api('GET', `/api/users/${id}`);
    expectUserShape(read.json);
    expect(read.json).toMatchObject({
      company_id: '0',
      company: '',
      company_name: '',
      phone: '',
      firstname: '',
      lastname: '',
    });
  });

  it('company shows the company name until the user has text of their own; "" is text of their own', async () => {
    const name = `Shown ${uid()}`;
    const companyId = await createCompany(name);
    const id = await createUser({ user_type: 'C', company_id: companyId });
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({
      company: name,
      company_name: name,
      company_id: String(companyId),
    });
    expectStatus(await api('PUT', `/api/users/${id}`, { body: { company: '' } }), 200);
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({ company: '', company_name: name });
  });

  it('a company that is deleted later: company_name becomes "", company_id stays', async () => {
    const companyId = await createCompany();
    const id = await createUser({ user_type: 'C', company_id: companyId });
    expectStatus(await api('DELETE', `/api/stores/${companyId}`), 204);
    const read = await api('GET', `/api/users/${id}`);
    expectUserShape(read.json);
    expect(read.json).toMatchObject({ company_id: String(companyId), company_name: '', company: '' });
    // Keeping it is fine; naming it anew is not.
    expectStatus(await api('PUT', `/api/users/${id}`, { body: { company_id: companyId, firstname: 'Kept' } }), 200);
  });

  it('a company_id naming no company → 400 naming company_id; nothing is created', async () => {
    const email = uniqueEmail('nocompany');
    const response = await api('POST', '/api/users', { body: { email, user_type: 'C', company_id: 987654321 } });
    expectError(response, 400, 'Bad Request: The company_id field names a company that does not exist');
    expect(response.json.errors.map((error: { field: string }) => error.field)).toEqual(['company_id']);
    expect((await api('GET', `/api/users?email=${encodeURIComponent(email)}`)).json.users).toEqual([]);
    // The e-mail is still free.
    await createUser({ email, user_type: 'C' });
  });

  it('a vendor needs a company: POST without one → 400 naming company_id; PUT cannot take it away', async () => {
    for (const body of [{ user_type: 'V' }, { user_type: 'V', company_id: 0 }]) {
      const response = await api('POST', '/api/users', { body: { email: uniqueEmail('vendor'), ...body } });
      expectError(response, 400, 'Bad Request: The company_id field is required');
      expect(response.json.errors[0].field).toBe('company_id');
    }
    const companyId = await createCompany();
    const vendor = await createVendor({ company_id: companyId });
    const response = await api('PUT', `/api/users/${vendor}`, { body: { company_id: 0 } });
    expectError(response, 400);
    expect(response.json.errors[0].field).toBe('company_id');
    expect((await api('GET', `/api/users/${vendor}`)).json.company_id).toBe(String(companyId));
    // Customers and administrators may have none.
    await createUser({ user_type: 'A', company_id: 0 });
  });

  it('a password in the body is the storefront password: stored only as a hash, never shown; a bad one is a 400', async () => {
    const password = `Secret-${uid()}`;
    const response = await api('POST', '/api/users', { body: { email: uniqueEmail('pw'), user_type: 'C', password } });
    expectStatus(response, 201);
    const read = await api('GET', `/api/users/${response.json.user_id}`);
    expect(read.body).not.toContain(password);
    expect(read.body).not.toMatch(/password/i);
    expectStatus(await api('PUT', `/api/users/${response.json.user_id}`, { body: { password: `${password}-2` } }), 200);
    expect((await api('GET', `/api/users/${response.json.user_id}`)).body).not.toMatch(/password|Secret-/i);
    const short = await api('PUT', `/api/users/${response.json.user_id}`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toContain('password');
  });

  it('user_login, timestamp, last_login, company_name, points and anonymized in a body are ignored', async () => {
    const body = {
      email: uniqueEmail('ro'),
      user_type: 'C',
      user_login: 'chosen',
      timestamp: 1,
      last_login: 5,
      company_name: 'X',
      points: 9,
      anonymized: 'Y',
    };
    const response = await api('POST', '/api/users', { body });
    expectStatus(response, 201);
    const read = await api('GET', `/api/users/${response.json.user_id}`);
    expect(read.json).toMatchObject({
      user_login: `user_${response.json.user_id}`,
      last_login: '0',
      company_name: '',
      points: '0',
      anonymized: null,
    });
    expect(read.json.timestamp).not.toBe('1');
  });

  it('is_root in the body is ignored (stays N)', async () => {
    const response = await api('POST', '/api/users', { body: { email: uniqueEmail(), user_type: 'A', is_root: 'Y' } });
    expectStatus(response, 201);
    expect((await api('GET', `/api/users/${response.json.user_id}`)).json.is_root).toBe('N');
  });

  it('a status sent is kept', async () => {
    const id = await createUser({ user_type: 'C', status: 'D' });
    expect((await api('GET', `/api/users/${id}`)).json.status).toBe('D');
  });

  it('a duplicate e-mail, in any letter case, → 400', async () => {
    const email = uniqueEmail('dup');
    await createUser({ email, user_type: 'C' });
    expectError(await api('POST', '/api/users', { body: { email, user_type: 'C' } }), 400);
    const upper = await api('POST', '/api/users', { body: { email: email.toUpperCase(), user_type: 'A' } });
    expectError(upper, 400);
    expect(upper.json.message).toMatch(/^Bad Request: /);
    expect((await api('GET', `/api/users?email=${encodeURIComponent(email)}`)).json.users).toHaveLength(1);
  });

  it('email and user_type are required; email first', async () => {
    expectError(
      await api('POST', '/api/users', { body: { user_type: 'C' } }),
      400,
      'Bad Request: The email field is required',
    );
    expectError(
      await api('POST', '/api/users', { body: { email: uniqueEmail() } }),
      400,
      'Bad Request: The user_type field is required',
    );
    const neither = await api('POST', '/api/users', { body: { firstname: 'x' } });
    expectError(neither, 400, 'Bad Request: The email field is required');
    expect(neither.json.errors.map((error: { field: string }) => error.field)).toEqual(['email', 'user_type']);
  });

  it.each([
    [{ email: 'not-an-address', user_type: 'C' }, 'email'],
    [{ email: 'a b@example.com', user_type: 'C' }, 'email'],
    [{ email: 'ok@example.com', user_type: 'X' }, 'user_type'],
    [{ email: 'ok@example.com', user_type: 'C', status: 'H' }, 'status'],
  ])('an invalid value (%j) → 400 on %s', async (body, field) => {
    const response = await api('POST', '/api/users', { body });
    expectError(response, 400);
    expect(response.json.errors[0].field).toBe(field);
  });
});

describe('GET /users/:id', () => {
  it('every field of the recording with its JSON type, for every user type', async () => {
    const ids = await Promise.all([
      createUser({ user_type: 'A' }),
      createUser({ user_type: 'C', status: 'D' }),
      createVendor(),
    ]);
    for (const id of ids) {
      const read = await api('GET', `/api/users/${id}`);
      expectStatus(read, 200);
      expectUserShape(read.json);
      expect(read.json.user_id).toBe(String(id));
    }
  });

  it('the bootstrap administrator is root, a string like the rest', async () => {
    const list = await api('GET', '/api/users?is_root=Y&user_type=A&items_per_page=250');
    expectStatus(list, 200);
    expect(list.json.users.length).toBeGreaterThanOrEqual(1);
    for (const user of list.json.users) {
      expectUserShape(user);
      expect(user.is_root).toBe('Y');
    }
    // Without user_type too (only administrators' buckets are read for it).
    const roots = await api('GET', '/api/users?is_root=Y&items_per_page=250');
    expect(idsOf(roots.json.users)).toContain(await rootUserId());
    expect(
      roots.json.users.every(
        (user: { is_root: string; user_type: string }) => user.is_root === 'Y' && user.user_type === 'A',
      ),
    ).toBe(true);
  });

  it('unknown → 404, non-numeric → 404', async () => {
    expectError(await api('GET', '/api/users/987654321'), 404);
    expectError(await api('GET', '/api/users/abc'), 404);
    expectError(await api('GET', '/api/users/0'), 404);
  });

  it('never shows the API key or its hash, single or listed', async () => {
    const user = await createApiUser('A');
    const { hashApiKey } = await import('../../lib/auth/api-keys.js');
    const hash = hashApiKey(user.key);
    const single = await api('GET', `/api/users/${user.userId}`);
    expectStatus(single, 200);
    const listed = await api('GET', `/api/users?email=${encodeURIComponent(user.email)}`);
    expectStatus(listed, 200);
    expect(listed.json.users).toHaveLength(1);
    for (const response of [single, listed]) {
      expect(response.body).not.toContain(user.key);
      expect(response.body).not.toContain(hash);
      expect(response.body).not.toMatch(/key|hash|password/i);
    }
  });
});

describe('PUT /users/:id', () => {
  it('is partial: only the fields sent change; 200 {"user_id": "N", "profile_id": "N"} (the recording\'s strings)', async () => {
    const email = uniqueEmail('partial');
    const companyId = await createCompany();
    const id = await createUser({
      email,
      user_type: 'C',
      firstname: 'First',
      lastname: 'Last',
      company_id: companyId,
      phone: '555',
    });
    const response = await api('PUT', `/api/users/${id}`, { body: { firstname: 'Changed' } });
    expectStatus(response, 200);
    expect(response.json).toEqual({ user_id: String(id), profile_id: String(id) });
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({
      email,
      firstname: 'Changed',
      lastname: 'Last',
      company_id: String(companyId),
      phone: '555',
      status: 'A',
      user_type: 'C',
    });
  });

  it('changes phone, company and company_id; a company_id naming no company → 400 and nothing changes', async () => {
    const [first, second] = await Promise.all([createCompany(), createCompany()]);
    const id = await createUser({ user_type: 'C', company_id: first, phone: '1' });
    expectStatus(
      await api('PUT', `/api/users/${id}`, { body: { phone: '+1 555 0100', company: 'Typed', company_id: second } }),
      200,
    );
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({
      phone: '+1 555 0100',
      company: 'Typed',
      company_id: String(second),
    });
    const refused = await api('PUT', `/api/users/${id}`, { body: { company_id: 987654321, firstname: 'Lost' } });
    expectError(refused, 400, 'Bad Request: The company_id field names a company that does not exist');
    expect(refused.json.errors[0].field).toBe('company_id');
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({ company_id: String(second), firstname: '' });
    expectStatus(await api('PUT', `/api/users/${id}`, { body: { company_id: 0 } }), 200);
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({
      company_id: '0',
      company_name: '',
      company: 'Typed',
    });
  });

  it.each([
    [{ phone: 'x'.repeat(129) }, 'phone'],
    [{ company: 'x'.repeat(256) }, 'company'],
    [{ company_id: -1 }, 'company_id'],
    [{ company_id: 'abc' }, 'company_id'],
  ])('an invalid value (%j) → 400 on %s', async (body, field) => {
    const id = await createUser({ user_type: 'C' });
    const response = await api('PUT', `/api/users/${id}`, { body });
    expectError(response, 400);
    expect(response.json.errors[0].field).toBe(field);
  });

  it('can change the e-mail; the old one becomes free, the new one is taken', async () => {
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    const id = await createUser({ email: oldEmail, user_type: 'C' });
    expectStatus(await api('PUT', `/api/users/${id}`, { body: { email: newEmail } }), 200);
    expect((await api('GET', `/api/users/${id}`)).json.email).toBe(newEmail);
    expect((await api('GET', `/api/users?email=${encodeURIComponent(oldEmail)}`)).json.users).toEqual([]);
    const other = await createUser({ email: oldEmail, user_type: 'C' });
    expectError(await api('PUT', `/api/users/${other}`, { body: { email: newEmail.toUpperCase() } }), 400);
  });

  it('user_type cannot change → 400; sending the same type is fine', async () => {
    const id = await createUser({ user_type: 'C' });
    const response = await api('PUT', `/api/users/${id}`, { body: { user_type: 'A' } });
    expectError(response, 400);
    expect((await api('GET', `/api/users/${id}`)).json.user_type).toBe('C');
    expectStatus(await api('PUT', `/api/users/${id}`, { body: { user_type: 'C', firstname: 'Same' } }), 200);
  });

  it('is_root in the body is ignored; alone it is "Missing parameters"', async () => {
    const id = await createUser({ user_type: 'A' });
    expectStatus(await api('PUT', `/api/users/${id}`, { body: { is_root: 'Y', firstname: 'Not root' } }), 200);
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({ is_root: 'N', firstname: 'Not root' });
    expectError(
      await api('PUT', `/api/users/${id}`, { body: { is_root: 'Y' } }),
      400,
      'Bad Request: Missing parameters',
    );
    expectError(
      await api('PUT', `/api/users/${id}`, { body: { unknown: 'x' } }),
      400,
      'Bad Request: Missing parameters',
    );
    expect((await api('GET', `/api/users/${id}`)).json.is_root).toBe('N');
  });

  it('invalid values → 400 and nothing changes', async () => {
    const id = await createUser({ user_type: 'C', firstname: 'Keep' });
    expectError(await api('PUT', `/api/users/${id}`, { body: { status: 'X', firstname: 'Lost' } }), 400);
    expectError(await api('PUT', `/api/users/${id}`, { body: { email: 'nope' } }), 400);
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({ firstname: 'Keep', status: 'A' });
  });

  it('an unknown user → 404', async () => {
    expectError(await api('PUT', '/api/users/987654321', { body: { firstname: 'x' } }), 404);
  });
});

describe('DELETE /users/:id', () => {
  it('204 with an empty body, then 404 on GET, PUT and DELETE', async () => {
    const email = uniqueEmail('gone');
    const id = await createUser({ email, user_type: 'C' });
    const response = await api('DELETE', `/api/users/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `/api/users/${id}`), 404);
    expectError(await api('PUT', `/api/users/${id}`, { body: { firstname: 'x' } }), 404);
    expectError(await api('DELETE', `/api/users/${id}`), 404);
    expect((await api('GET', `/api/users?email=${encodeURIComponent(email)}`)).json.users).toEqual([]);
    // The e-mail is free again, under a new id.
    const again = await createUser({ email, user_type: 'C' });
    expect(again).not.toBe(id);
  });
});

describe('GET /users: paging and filters', () => {
  it('answers {users: [...], params, search} with total_items an integer in both', async () => {
    await createUser({ user_type: 'C' });
    const response = await api('GET', '/api/users');
    expectStatus(response, 200);
    expect(Array.isArray(response.json.users)).toBe(true);
    expect(response.json.users.length).toBeLessThanOrEqual(10);
    for (const key of ['params', 'search']) {
      expect(Number.isInteger(response.json[key].total_items)).toBe(true);
      expect(response.json[key].total_items).toBeGreaterThanOrEqual(1);
      expect(response.json[key]).toMatchObject({ page: 1, items_per_page: 10 });
    }
    const ids = idsOf(response.json.users);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const user of response.json.users) expectUserShape(user);
  });

  it('items_per_page and page walk the whole list once; a page past the end is empty', async () => {
    await inBatches(3, 3, () => createUser({ user_type: 'C', status: 'D' }));
    const first = await api('GET', '/api/users?status=D&items_per_page=2');
    expectStatus(first, 200);
    const total = first.json.search.total_items as number;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.json.users).toHaveLength(2);
    expect(first.json.params).toMatchObject({ items_per_page: 2, page: 1, total_items: total, status: 'D' });

    const pages = Math.ceil(total / 2);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const response = await api('GET', `/api/users?status=D&items_per_page=2&page=${page}`);
      expectStatus(response, 200);
      for (const user of response.json.users) {
        expect(user.status).toBe('D');
        seen.push(Number(user.user_id));
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);

    const past = await api('GET', `/api/users?status=D&items_per_page=2&page=${pages + 1}`);
    expectStatus(past, 200);
    expect(past.json.users).toEqual([]);
    expect(past.json.search.total_items).toBe(total);
  });

  it('page below 1 means 1', async () => {
    const zero = await api('GET', '/api/users?items_per_page=3&page=0');
    const one = await api('GET', '/api/users?items_per_page=3&page=1');
    expectStatus(zero, 200);
    expect(idsOf(zero.json.users)).toEqual(idsOf(one.json.users));
  });

  it.each(['0', '251', 'abc', '-1', '2.5'])('items_per_page=%s → 400', async (value) => {
    expectError(await api('GET', `/api/users?items_per_page=${value}`), 400);
  });

  it('items_per_page=250 is allowed', async () => {
    const response = await api('GET', '/api/users?items_per_page=250');
    expectStatus(response, 200);
    expect(response.json.search.items_per_page).toBe(250);
  });

  it('filter user_type', async () => {
    await createVendor();
    const response = await api('GET', '/api/users?user_type=V&items_per_page=250');
    expectStatus(response, 200);
    expect(response.json.users.length).toBeGreaterThanOrEqual(1);
    for (const user of response.json.users) expect(user.user_type).toBe('V');
    expect(response.json.search.user_type).toBe('V');
  });

  it('filter email: exact, case-insensitive; combined with user_type (AND)', async () => {
    const email = uniqueEmail('Filter');
    const id = await createUser({ email, user_type: 'C' });
    const exact = await api('GET', `/api/users?email=${encodeURIComponent(email.toUpperCase())}`);
    expectStatus(exact, 200);
    expect(exact.json.users.map((u: { user_id: string }) => u.user_id)).toEqual([String(id)]);
    expect(exact.json.search.total_items).toBe(1);
    const wrongType = await api('GET', `/api/users?email=${encodeURIComponent(email)}&user_type=A`);
    expect(wrongType.json.users).toEqual([]);
    expect(wrongType.json.search.total_items).toBe(0);
    const wrongStatus = await api('GET', `/api/users?email=${encodeURIComponent(email)}&status=D`);
    expect(wrongStatus.json.users).toEqual([]);
    const nobody = await api('GET', `/api/users?email=${encodeURIComponent(uniqueEmail('nobody'))}`);
    expectStatus(nobody, 200);
    expect(nobody.json.users).toEqual([]);
  });

  it('filters user_type and status together', async () => {
    const id = await createUser({ user_type: 'A', status: 'D' });
    const response = await api('GET', '/api/users?user_type=A&status=D&items_per_page=250');
    expectStatus(response, 200);
    for (const user of response.json.users) expect(user).toMatchObject({ user_type: 'A', status: 'D' });
    if (response.json.search.total_items <= 250) {
      expect(idsOf(response.json.users)).toContain(id);
    }
  });

  it.each([
    'user_type=X',
    'status=H',
    'user_type=c',
    'is_root=X',
    'is_root=y',
    'user_id=-1',
    'user_id=abc',
    'user_ids=1,x',
    'company_id=x',
    `name=${'x'.repeat(300)}`,
  ])('an invalid filter value (%s) → 400', async (query) => {
    expectError(await api('GET', `/api/users?${query}`), 400);
  });

  it('never lists a key or hash either', async () => {
    const response = await api('GET', '/api/users?user_type=A&items_per_page=250');
    expectStatus(response, 200);
    for (const user of response.json.users) {
      expect(Object.keys(user).filter((key) => /key|hash|password|version|email_lc/.test(key))).toEqual([]);
    }
  });
});

describe("GET /users: the recording's filters and sorts", () => {
  // One company of four users, so every answer below is exact.
  const tag = uid();
  let companyId: number;
  let ada: number;
  let alan: number;
  let grace: number;
  let vendor: number;
  const list = async (query: string) => {
    const response = await api('GET', `/api/users?${query}`);
    expectStatus(response, 200);
    for (const user of response.json.users) expectUserShape(user);
    return response;
  };
  const ids = async (query: string) => idsOf((await list(query)).json.users);
  const scoped = (query: string) => ids(`company_id=${companyId}&${query}`);

  beforeAll(async () => {
    companyId = await createCompany(`Filters ${tag}`);
    const email = (letter: string) => `${letter}-${tag}@e2e.example.com`;
    // One after another: ids and timestamps grow together.
    ada = await createUser({
      email: email('d'),
      user_type: 'C',
      firstname: 'Ada',
      lastname: `Lovelace ${tag}`,
      phone: '+44 111',
      company_id: companyId,
    });
    alan = await createUser({
      email: email('c'),
      user_type: 'C',
      status: 'D',
      firstname: 'Alan',
      lastname: `Turing ${tag}`,
      phone: '+44 222',
      company_id: companyId,
    });
    grace = await createUser({
      email: email('b'),
      user_type: 'A',
      firstname: 'Grace',
      lastname: `Hopper ${tag}`,
      phone: '+1 333',
      company_id: companyId,
    });
    vendor = await createVendor({
      email: email('a'),
      firstname: 'Ada',
      lastname: `Byron ${tag}`,
      phone: '+44 444',
      company_id: companyId,
    });
  });

  it('company_id: exactly its users, by id, with the total and the echo', async () => {
    const response = await list(`company_id=${companyId}`);
    expect(idsOf(response.json.users)).toEqual([ada, alan, grace, vendor]);
    expect(response.json.params).toMatchObject({
      company_id: companyId,
      total_items: 4,
      sort_by: 'id',
      sort_order: 'asc',
    });
    expect(response.json.search).toEqual(response.json.params);
    for (const user of response.json.users)
      expect(user).toMatchObject({ company_name: `Filters ${tag}`, company_id: String(companyId) });
  });

  it('paging over a filtered list: totals and pages are exact, past the end is empty', async () => {
    const second = await list(`company_id=${companyId}&items_per_page=3&page=2`);
    expect(idsOf(second.json.users)).toEqual([vendor]);
    expect(second.json.params.total_items).toBe(4);
    const past = await list(`company_id=${companyId}&items_per_page=3&page=3`);
    expect(past.json.users).toEqual([]);
    expect(past.json.params.total_items).toBe(4);
  });

  it('name: each word starts a word of "firstname lastname" (any case), across every bucket', async () => {
    expect(await ids(`name=${tag}`)).toEqual([ada, alan, grace, vendor]);
    expect(await scoped('name=ada')).toEqual([ada, vendor]);
    expect(await scoped(`name=${encodeURIComponent(`LOVELACE ${tag}`)}`)).toEqual([ada]);
    expect(await scoped('name=ovelace')).toEqual([]);
    expect(await scoped(`name=${encodeURIComponent('ada love')}`)).toEqual([ada]);
    expect(await scoped('name=nobody-at-all')).toEqual([]);
  });

  it('phone: each word starts a word of the phone', async () => {
    expect(await scoped(`phone=${encodeURIComponent('+44')}`)).toEqual([ada, alan, vendor]);
    expect(await scoped('phone=333')).toEqual([grace]);
    expect(await scoped('phone=33')).toEqual([grace]);
    expect(await scoped('phone=11')).toEqual([ada]);
    expect(await scoped('phone=22')).toEqual([alan]);
  });

  it('is_root, user_type and status, alone and together', async () => {
    expect(await scoped('is_root=N')).toEqual([ada, alan, grace, vendor]);
    expect(await scoped('is_root=Y')).toEqual([]);
    expect(await scoped('user_type=C')).toEqual([ada, alan]);
    expect(await scoped('status=D')).toEqual([alan]);
    expect(await scoped('user_type=C&status=A&name=ada')).toEqual([ada]);
  });

  it('user_id, user_ids (a comma list) and user_login name users by id; together they must all hold', async () => {
    expect(await ids(`user_id=${ada}`)).toEqual([ada]);
    expect(await ids(`user_ids=${grace},${ada},987654321`)).toEqual([ada, grace]);
    expect(await ids(`user_ids=${grace},${ada}&user_type=A`)).toEqual([grace]);
    expect(await ids(`user_ids=${grace},${ada}&sort_by=name`)).toEqual([grace, ada]);
    expect(await ids(`user_ids=${grace}&user_id=${ada}`)).toEqual([]);
    expect(await ids(`user_login=user_${alan}`)).toEqual([alan]);
    expect(await ids(`user_login=USER_${alan}`)).toEqual([alan]);
    expect(await ids(`user_login=user_0${alan}`)).toEqual([]);
    expect(await ids('user_login=customer')).toEqual([]);
    expect(await ids(`email=${encodeURIComponent(`d-${tag}@e2e.example.com`)}&user_id=${ada}`)).toEqual([ada]);
    expect(await ids(`email=${encodeURIComponent(`d-${tag}@e2e.example.com`)}&user_id=${alan}`)).toEqual([]);
    const response = await list(`user_ids=${ada},${alan}&items_per_page=1&page=2`);
    expect(idsOf(response.json.users)).toEqual([alan]);
    expect(response.json.params).toMatchObject({ user_ids: [ada, alan], total_items: 2 });
  });

  it.each([
    ['name', () => [vendor, grace, ada, alan]],
    ['email', () => [vendor, grace, alan, ada]],
    ['type', () => [grace, ada, alan, vendor]],
    ['status', () => [ada, grace, vendor, alan]],
    ['phone', () => [grace, ada, alan, vendor]],
    ['date', () => [ada, alan, grace, vendor]],
    ['last_login', () => [ada, alan, grace, vendor]],
    ['id', () => [ada, alan, grace, vendor]],
  ])('sort_by=%s, ascending and descending', async (sortBy, expected) => {
    const ascending = await list(`company_id=${companyId}&sort_by=${sortBy}`);
    expect(idsOf(ascending.json.users)).toEqual(expected());
    expect(ascending.json.params).toMatchObject({ sort_by: sortBy, sort_order: 'asc' });
    expect(await scoped(`sort_by=${sortBy}&sort_order=desc`)).toEqual([...expected()].reverse());
  });

  it.each(['type', 'status', 'id'])(
    'sort_by=%s a user per page, by page number and by cursor, both ways: the whole list in order',
    async (sortBy) => {
      for (const order of ['asc', 'desc']) {
        const query = `company_id=${companyId}&sort_by=${sortBy}&sort_order=${order}&items_per_page=1`;
        const whole = await scoped(`sort_by=${sortBy}&sort_order=${order}`);
        const byPage: number[] = [];
        for (let page = 1; page <= whole.length + 1; page++) {
          const response = await list(`${query}&page=${page}`);
          expect(response.json.params.total_items).toBe(4);
          byPage.push(...idsOf(response.json.users));
        }
        expect(byPage).toEqual(whole);
        const byCursor: number[] = [];
        let next: string | null = null;
        do {
          const response = await list(`${query}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`);
          byCursor.push(...idsOf(response.json.users));
          next = response.json.params.next as string | null;
        } while (next);
        expect(byCursor).toEqual(whole);
      }
    },
  );

  it('sort_by=username orders by the login as text', async () => {
    const expected = [ada, alan, grace, vendor].sort((a, b) => (`user_${a}` < `user_${b}` ? -1 : 1));
    expect(await scoped('sort_by=username')).toEqual(expected);
  });

  it('an unknown sort_by or sort_order falls back to id ascending', async () => {
    const response = await list(`company_id=${companyId}&sort_by=company_name&sort_order=sideways`);
    expect(idsOf(response.json.users)).toEqual([ada, alan, grace, vendor]);
    expect(response.json.params).toMatchObject({ sort_by: 'id', sort_order: 'asc' });
  });

  it('a sort over the whole table: every page in order, every user once', async () => {
    const first = await list('sort_by=email&items_per_page=250');
    const emails = first.json.users.map((user: { email: string }) => user.email.toLowerCase());
    expect([...emails].sort()).toEqual(emails);
    expect(first.json.params.total_items).toBeGreaterThanOrEqual(4);
    const byDate = await list('sort_by=date&sort_order=desc&items_per_page=5');
    const stamps = byDate.json.users.map((user: { timestamp: string }) => Number(user.timestamp));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
  });
});
