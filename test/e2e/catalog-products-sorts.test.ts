/**
 * Products (SPEC §10) over real HTTP, as the bootstrap root: every sort of GET /products both ways, sorts beside
 * filters, paging and its limits, on products of a company this file created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { listIds, sleep } from './catalog-products-fixtures.js';

describe('GET /products: sorts and paging', () => {
  let own: number;
  let cat: number;
  let p: number[];
  beforeAll(async () => {
    own = await createStore();
    cat = await createCategory(own);
    const specs = [
      { product: 'Alpha Shirt', product_code: 'AS-1', price: 10, amount: 5, category_ids: [cat], free_shipping: 'Y' },
      { product: 'beta shoes', product_code: 'BS-2', price: 20, amount: 0, category_ids: [cat] },
      { product: 'Gamma shirt', product_code: 'GS-3', price: '30.50', amount: 15, free_shipping: 'Y' },
      { product: 'delta hat', product_code: 'DH-4', price: 5, amount: 100, category_ids: [cat], free_shipping: 'Y' },
    ];
    p = [];
    for (const spec of specs) p.push(await createProduct({ ...spec, company_id: own }));
  });
  const sorted = (query: string) => listIds(`company_id=${own}&${query}`);
  const pick = (...indexes: number[]) => indexes.map((i) => p[i]);

  it.each([
    ['product', 'asc', [0, 1, 3, 2]],
    ['product', 'desc', [2, 3, 1, 0]],
    ['price', 'asc', [3, 0, 1, 2]],
    ['price', 'desc', [2, 1, 0, 3]],
    ['code', 'asc', [0, 1, 3, 2]],
    ['code', 'desc', [2, 3, 1, 0]],
    ['amount', 'asc', [1, 0, 2, 3]],
    ['amount', 'desc', [3, 2, 0, 1]],
    ['id', 'asc', [0, 1, 2, 3]],
    ['id', 'desc', [3, 2, 1, 0]],
    ['unknown', 'asc', [0, 1, 2, 3]],
    ['price', 'sideways', [3, 0, 1, 2]],
  ] as const)('sort_by=%s sort_order=%s', async (sortBy, sortOrder, expected) => {
    const body = await getOk(`/api/products?company_id=${own}&sort_by=${sortBy}&sort_order=${sortOrder}`);
    expect(idsOf(body, 'products', 'product_id')).toEqual(pick(...expected));
    expect(body.params.total_items).toBe(4);
  });

  it.each([
    ['sort_by=price&sort_order=desc&cid=CAT', [1, 0, 3]],
    ['sort_by=amount&sort_order=desc&cid=CAT', [3, 0, 1]],
    ['sort_by=product&cid=CAT&subcats=N', [0, 1, 3]],
    ['sort_by=price&free_shipping=Y', [3, 0, 2]],
    ['sort_by=amount&free_shipping=Y&amount_from=6', [2, 3]],
    ['sort_by=code&sort_order=desc&q=shirt', [2, 0]],
    ['sort_by=price&price_from=6&price_to=25', [0, 1]],
  ] as const)('sorted and filtered: %s', async (query, expected) => {
    const body = await getOk(`/api/products?company_id=${own}&${query.replace('CAT', String(cat))}`);
    expect(idsOf(body, 'products', 'product_id')).toEqual(pick(...expected));
    expect(body.params.total_items).toBe(expected.length);
  });

  it.each(['id', 'price', 'amount', 'product'])(
    'pages of sort_by=%s desc: total_items on every page, an empty page past the end',
    async (sortBy) => {
      const all = await sorted(`sort_by=${sortBy}&sort_order=desc`);
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        const body = await getOk(
          `/api/products?company_id=${own}&sort_by=${sortBy}&sort_order=desc&items_per_page=3&page=${page}`,
        );
        expect(body.params).toMatchObject({
          page,
          items_per_page: 3,
          total_items: 4,
          sort_by: sortBy,
          sort_order: 'desc',
        });
        expect(Number.isInteger(body.search.total_items)).toBe(true);
        pages.push(idsOf(body, 'products', 'product_id'));
      }
      expect(pages).toEqual([all.slice(0, 3), all.slice(3), [], []]);
      // Filtered pages too.
      const filtered = await getOk(
        `/api/products?company_id=${own}&cid=${cat}&sort_by=${sortBy}&items_per_page=2&page=2`,
      );
      expect(filtered.params.total_items).toBe(3);
      expect(filtered.products).toHaveLength(1);
      const past = await getOk(`/api/products?company_id=${own}&cid=${cat}&sort_by=${sortBy}&items_per_page=2&page=5`);
      expect(past.products).toEqual([]);
      expect(past.params.total_items).toBe(3);
    },
  );

  it('items_per_page outside 1..250 or not a number → 400', async () => {
    for (const bad of ['0', '251', 'abc', '-1', '1.5'])
      expectError(await api('GET', `/api/products?items_per_page=${bad}`), 400);
    expect((await getOk(`/api/products?company_id=${own}&items_per_page=`)).params.items_per_page).toBe(10);
  });

  it('sort_by=timestamp and updated_timestamp, both ways', async () => {
    const company = await createStore();
    const t: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await sleep(1100);
      t.push(await createProduct({ company_id: company }));
    }
    for (const i of [2, 0, 1]) {
      await sleep(1100);
      expectStatus(await api('PUT', `/api/products/${t[i]}`, { body: { amount: i } }), 200);
    }
    const order = (query: string) => listIds(`company_id=${company}&${query}`);
    expect(await order('sort_by=timestamp')).toEqual([t[0], t[1], t[2]]);
    expect(await order('sort_by=timestamp&sort_order=desc')).toEqual([t[2], t[1], t[0]]);
    expect(await order('sort_by=updated_timestamp')).toEqual([t[2], t[0], t[1]]);
    expect(await order('sort_by=updated_timestamp&sort_order=desc')).toEqual([t[1], t[0], t[2]]);
  });
});
