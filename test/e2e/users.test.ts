/**
 * SPEC §8 (users) and the paging rules of §3, over real HTTP as the bootstrap root administrator.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.js';
import {
  createApiUser,
  createUser,
  expectError,
  expectStatus,
  inBatches,
  uniqueEmail,
} from '../support/fixtures.js';

const USER_FIELDS = ['company_id', 'email', 'firstname', 'is_root', 'lastname', 'status', 'user_id', 'user_type'];

describe('POST /users', () => {
  it('201 {"user_id": N}; status defaults to A, is_root is N; GET shows what was sent', async () => {
    const email = uniqueEmail('new');
    const response = await api('POST', '/api/users', {
      body: { email, user_type: 'C', firstname: 'Ada', lastname: 'Lovelace', company_id: 4 },
    });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['user_id']);
    expect(Number.isInteger(response.json.user_id)).toBe(true);
    const read = await api('GET', `/api/users/${response.json.user_id}`);
    expectStatus(read, 200);
    expect(read.json).toMatchObject({
      user_id: response.json.user_id,
      email,
      user_type: 'C',
      status: 'A',
      firstname: 'Ada',
      lastname: 'Lovelace',
      company_id: 4,
      is_root: 'N',
    });
    for (const field of USER_FIELDS) expect(read.json).toHaveProperty(field);
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
    expectError(await api('POST', '/api/users', { body: { user_type: 'C' } }), 400, 'Bad Request: The email field is required');
    expectError(await api('POST', '/api/users', { body: { email: uniqueEmail() } }), 400, 'Bad Request: The user_type field is required');
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
  it('is partial: only the fields sent change; 200 {"user_id": N}', async () => {
    const email = uniqueEmail('partial');
    const id = await createUser({ email, user_type: 'C', firstname: 'First', lastname: 'Last', company_id: 3 });
    const response = await api('PUT', `/api/users/${id}`, { body: { firstname: 'Changed' } });
    expectStatus(response, 200);
    expect(response.json).toEqual({ user_id: id });
    expect((await api('GET', `/api/users/${id}`)).json).toMatchObject({
      email,
      firstname: 'Changed',
      lastname: 'Last',
      company_id: 3,
      status: 'A',
      user_type: 'C',
    });
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
    expectError(await api('PUT', `/api/users/${id}`, { body: { is_root: 'Y' } }), 400, 'Bad Request: Missing parameters');
    expectError(await api('PUT', `/api/users/${id}`, { body: { unknown: 'x' } }), 400, 'Bad Request: Missing parameters');
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
    const ids = response.json.users.map((user: { user_id: number }) => user.user_id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
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
        seen.push(user.user_id);
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
    expect(zero.json.users.map((u: { user_id: number }) => u.user_id)).toEqual(one.json.users.map((u: { user_id: number }) => u.user_id));
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
    await createUser({ user_type: 'V', company_id: 5 });
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
    expect(exact.json.users.map((u: { user_id: number }) => u.user_id)).toEqual([id]);
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
      expect(response.json.users.map((u: { user_id: number }) => u.user_id)).toContain(id);
    }
  });

  it.each(['user_type=X', 'status=H', 'user_type=c'])('an invalid filter value (%s) → 400', async (query) => {
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
