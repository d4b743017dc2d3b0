/**
 * SPEC §8 (users) and §10 (the recording's fields and JSON types): GET, PUT and DELETE /users/:id — every field
 * in its type for every user type, no key ever shown, partial updates, e-mail and type changes, invalid values,
 * unknown users — over real HTTP as the bootstrap root administrator.
 */
import { describe, expect, it } from 'vitest';
import {
  createApiUser,
  createCompany,
  createUser,
  createVendor,
  expectError,
  expectStatus,
  rootUserId,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { expectUserShape, idsOf } from './users-fixtures.js';

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
