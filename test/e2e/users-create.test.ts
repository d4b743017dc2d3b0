/**
 * SPEC §8 (users) and §10 (the recording's fields and JSON types): POST /users — the answer, defaults, the
 * company and its name, passwords, ignored and required fields, duplicate e-mails, invalid values — over real HTTP as the bootstrap root administrator.
 */
import { describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  createVendor,
  expectError,
  expectStatus,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { expectUserShape } from './users-fixtures.js';

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
