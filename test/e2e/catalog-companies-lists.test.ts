/**
 * Stores and vendors (SPEC §10; cscart-entities.md "stores", "vendors") over real HTTP, as the bootstrap root, under
 * each of the two views: paging, sorts and filters of the list.
 */
import { describe, expect, it } from 'vitest';
import { createVia, getOk, idsOf } from '../support/catalog.js';
import { expectError, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { idKey, VIEWS } from './catalog-companies-fixtures.js';

describe.each(VIEWS)('/$path', (view) => {
  const base = `/api/${view.path}`;
  const create = (body: object) => createVia(base, idKey(view), body);
  it('paging: total_items an integer under params and search, id ascending by default, an empty page past the end', async () => {
    const tag = uid();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await create({ ...view.body(`${tag}-${i}`), company: `Paged ${tag} ${i}` }));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = await getOk(`${base}?company=${tag}&items_per_page=2&page=${page}`);
      for (const key of ['params', 'search']) {
        expect(body[key]).toMatchObject({ page, items_per_page: 2, total_items: 3 });
        expect(Number.isInteger(body[key].total_items)).toBe(true);
      }
      pages.push(idsOf(body, view.path, 'company_id'));
    }
    expect(pages).toEqual([ids.slice(0, 2), ids.slice(2), []]);
    // Default page size 10; page below 1 means 1.
    const all = await getOk(`${base}?company=${tag}&page=0`);
    expect(all.params).toMatchObject({ page: 1, items_per_page: 10, total_items: 3 });
    expect(idsOf(all, view.path, 'company_id')).toEqual(ids);
    for (const bad of ['abc', '0', '251', '-1', '2.5']) {
      expectError(await api('GET', `${base}?items_per_page=${bad}`), 400);
    }
  });

  it('sorts by company, email, date, status and id, both ways; unknown sort falls back to id ascending', async () => {
    const tag = uid();
    const ids = [
      await create({
        ...view.body(`${tag}a`),
        company: `Sorted ${tag} b`,
        email: `c-${tag}@e2e.example.com`,
        status: 'D',
      }),
      await create({
        ...view.body(`${tag}b`),
        company: `Sorted ${tag} c`,
        email: `a-${tag}@e2e.example.com`,
        status: 'A',
      }),
      await create({
        ...view.body(`${tag}c`),
        company: `Sorted ${tag} a`,
        email: `b-${tag}@e2e.example.com`,
        status: 'P',
      }),
    ];
    const order = async (sort: string, dir: string) =>
      idsOf(await getOk(`${base}?company=${tag}&sort_by=${sort}&sort_order=${dir}`), view.path, 'company_id');
    expect(await order('company', 'asc')).toEqual([ids[2], ids[0], ids[1]]);
    expect(await order('company', 'desc')).toEqual([ids[1], ids[0], ids[2]]);
    expect(await order('email', 'asc')).toEqual([ids[1], ids[2], ids[0]]);
    expect(await order('email', 'desc')).toEqual([ids[0], ids[2], ids[1]]);
    expect(await order('status', 'asc')).toEqual([ids[1], ids[0], ids[2]]);
    expect(await order('status', 'desc')).toEqual([ids[2], ids[0], ids[1]]);
    expect(await order('id', 'desc')).toEqual([...ids].reverse());
    expect(await order('nonsense', 'sideways')).toEqual(ids);
    // date: creation time, ties by id.
    expect(await order('date', 'asc')).toEqual(ids);
  });

  it('filters by status (400 outside the allowed values), company and email', async () => {
    const tag = uid();
    const active = await create({
      ...view.body(`${tag}1`),
      company: `Filter ${tag} one`,
      email: `one-${tag}@e2e.example.com`,
    });
    const disabled = await create({
      ...view.body(`${tag}2`),
      company: `Filter ${tag} two`,
      email: `two-${tag}@e2e.example.com`,
      status: 'D',
    });
    expect(idsOf(await getOk(`${base}?company=${tag}&status=D`), view.path, 'company_id')).toEqual([disabled]);
    expect(idsOf(await getOk(`${base}?company=${tag}&status=A`), view.path, 'company_id')).toEqual([active]);
    expect(idsOf(await getOk(`${base}?email=one-${tag}`), view.path, 'company_id')).toEqual([active]);
    expect(idsOf(await getOk(`${base}?company=FILTER%20${tag.toUpperCase()}%20TWO`), view.path, 'company_id')).toEqual([
      disabled,
    ]);
    const bad = await api('GET', `${base}?status=X`);
    expectError(bad, 400);
    expect(bad.json.errors.map((e: { field: string }) => e.field)).toEqual(['status']);
  });
});
