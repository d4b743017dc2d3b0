/**
 * SPEC §8 (users) and §10: the recording's filters and sorts of GET /users (company, name, phone, is_root, type,
 * status, ids, logins; sort by every key both ways, the whole table in order) on four users of a company of their own,
 * over real HTTP as the bootstrap root administrator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, createVendor, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { expectUserShape, idsOf } from './users-fixtures.js';

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
