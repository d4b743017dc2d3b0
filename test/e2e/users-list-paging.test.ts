/**
 * SPEC §8 (users) and the paging rules of §3: GET /users answers {users, params, search}, walks the whole list
 * once page by page, judges items_per_page, filters by type, e-mail and status, never lists a key — over real HTTP as the bootstrap root administrator.
 */
import { describe, expect, it } from 'vitest';
import { createUser, createVendor, expectError, expectStatus, inBatches, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { expectUserShape, idsOf } from './users-fixtures.js';

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
