/**
 * Categories (SPEC §10; cscart-entities.md "categories") over real HTTP, as the bootstrap root: the filters, sorts
 * and paging of GET /categories, each test in a company of its own.
 */
import { describe, expect, it } from 'vitest';
import { createCategory, createStore, getOk, idsOf } from '../support/catalog.js';
import { expectError, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { categoriesOf } from './catalog-categories-fixtures.js';

describe('GET /categories: filters, sorts, paging', () => {
  it('filters by parent_id, status, company_id and name; 400 for values outside the allowed ones', async () => {
    const own = await createStore();
    const tag = uid();
    const root = await createCategory(own, { category: `Root ${tag}` });
    const hidden = await createCategory(own, { category: `Hidden ${tag}`, status: 'H', parent_id: root });
    const disabled = await createCategory(own, { category: `Disabled ${tag}`, status: 'D' });
    expect(await categoriesOf(own)).toEqual([root, hidden, disabled]);
    expect(await categoriesOf(own, '&status=H')).toEqual([hidden]);
    expect(await categoriesOf(own, '&status=D')).toEqual([disabled]);
    expect(await categoriesOf(own, `&parent_id=0`)).toEqual([root, disabled]);
    expect(await categoriesOf(own, `&parent_id=${root}&status=H`)).toEqual([hidden]);
    expect(idsOf(await getOk(`/api/categories?category=hidden%20${tag}`), 'categories', 'category_id')).toEqual([
      hidden,
    ]);
    for (const query of ['status=X', 'parent_id=abc', 'company_id=x', 'company_id=-1', 'items_per_page=0', 'page=x']) {
      expectError(await api('GET', `/api/categories?${query}`), 400);
    }
  });

  it('sorts by name, position, status, timestamp and id, both ways; paging with total_items and an empty page past the end', async () => {
    const own = await createStore();
    const c1 = await createCategory(own, { category: 'Bravo', position: 30, status: 'H' });
    const c2 = await createCategory(own, { category: 'alpha', position: 10, status: 'D' });
    const c3 = await createCategory(own, { category: 'Charlie', position: 20, status: 'A' });
    const order = async (sort: string, dir = 'asc') => categoriesOf(own, `&sort_by=${sort}&sort_order=${dir}`);
    expect(await order('name')).toEqual([c2, c1, c3]);
    expect(await order('name', 'desc')).toEqual([c3, c1, c2]);
    expect(await order('position')).toEqual([c2, c3, c1]);
    expect(await order('position', 'desc')).toEqual([c1, c3, c2]);
    expect(await order('status')).toEqual([c3, c2, c1]);
    expect(await order('status', 'desc')).toEqual([c1, c2, c3]);
    expect(await order('timestamp')).toEqual([c1, c2, c3]);
    expect(await order('id', 'desc')).toEqual([c3, c2, c1]);
    expect(await categoriesOf(own)).toEqual([c1, c2, c3]);
    expect(await order('bogus', 'bogus')).toEqual([c1, c2, c3]);

    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = await getOk(`/api/categories?company_id=${own}&items_per_page=2&page=${page}`);
      expect(body.params).toMatchObject({ page, items_per_page: 2, total_items: 3, company_id: own });
      expect(body.search).toEqual(body.params);
      pages.push(idsOf(body, 'categories', 'category_id'));
    }
    expect(pages).toEqual([[c1, c2], [c3], []]);
  });
});
