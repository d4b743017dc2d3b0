/**
 * Products (SPEC §10) over real HTTP, as the bootstrap root: every filter of GET /products, alone, together and
 * across companies, on products of a company this file created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import { expectError } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { fieldsOf, listIds } from './catalog-products-fixtures.js';

describe('GET /products: filters', () => {
  let own: number;
  let top: number;
  let sub: number;
  let other: number;
  let p: number[];
  beforeAll(async () => {
    own = await createStore();
    top = await createCategory(own);
    sub = await createCategory(own, { parent_id: top });
    other = await createCategory(own);
    const specs = [
      {
        product: 'Alpha Shirt',
        product_code: 'AS-1',
        price: 10,
        amount: 5,
        free_shipping: 'Y',
        is_edp: 'N',
        status: 'A',
        category_ids: [top],
      },
      {
        product: 'beta shoes',
        product_code: 'BS-2',
        price: 20,
        amount: 0,
        free_shipping: 'N',
        is_edp: 'Y',
        status: 'D',
        category_ids: [sub],
      },
      {
        product: 'Gamma SHIRT',
        product_code: 'GS-3',
        price: '30.50',
        amount: 15,
        free_shipping: 'Y',
        is_edp: 'Y',
        status: 'H',
        category_ids: [],
      },
      {
        product: 'delta hat',
        product_code: 'DH-4',
        price: 5,
        amount: 100,
        free_shipping: 'N',
        is_edp: 'N',
        status: 'A',
        category_ids: [other, sub],
      },
    ];
    p = [];
    for (const spec of specs) p.push(await createProduct({ ...spec, company_id: own }));
  });
  const within = (query: string) => listIds(`company_id=${own}&${query}`);

  it('company_id alone: every product of the company, id ascending, total_items an integer', async () => {
    const body = await getOk(`/api/products?company_id=${own}`);
    expect(idsOf(body, 'products', 'product_id')).toEqual(p);
    expect(body.params).toMatchObject({
      company_id: own,
      page: 1,
      items_per_page: 10,
      sort_by: 'id',
      sort_order: 'asc',
      total_items: 4,
    });
    expect(body.search).toEqual(body.params);
  });

  it.each([
    ['free_shipping=Y', [0, 2]],
    ['free_shipping=N', [1, 3]],
    ['free_shipping=y', [0, 2]],
    ['is_edp=Y', [1, 2]],
    ['is_edp=N', [0, 3]],
    ['status=A', [0, 3]],
    ['status=D', [1]],
    ['status=H', [2]],
    ['q=shirt', [0, 2]],
    ['q=SHIRT', [0, 2]],
    ['q=delta%20ha', [3]],
    ['q=a%20h', []],
    ['q=irt', []],
    ['q=nothing-like-it', []],
    ['pcode=as-', [0]],
    ['pcode=S-', []],
    ['pcode=dh', [3]],
    ['price_from=10', [0, 1, 2]],
    ['price_to=20', [0, 1, 3]],
    ['price_from=10&price_to=20', [0, 1]],
    ['price_from=30.50', [2]],
    ['price_from=30.51', []],
    ['price_to=4.99', []],
    ['amount_from=5', [0, 2, 3]],
    ['amount_to=5', [0, 1]],
    ['amount_from=1&amount_to=50', [0, 2]],
    ['amount_to=0', [1]],
    ['cid=TOP', [0, 1, 3]],
    ['cid=TOP&subcats=Y', [0, 1, 3]],
    ['cid=TOP&subcats=N', [0]],
    ['cid=SUB', [1, 3]],
    ['cid=OTHER', [3]],
    ['cid=TOP&status=A', [0, 3]],
    ['cid=TOP&price_from=6&subcats=Y', [0, 1]],
    ['free_shipping=Y&status=A', [0]],
    ['q=shirt&price_to=20', [0]],
    ['is_edp=Y&amount_from=10', [2]],
    ['free_shipping=N&cid=SUB&pcode=B', [1]],
    ['status=', [0, 1, 2, 3]],
  ] as const)('%s', async (query, expected) => {
    const resolved = query.replace('TOP', String(top)).replace('SUB', String(sub)).replace('OTHER', String(other));
    const body = await getOk(`/api/products?company_id=${own}&${resolved}`);
    expect(idsOf(body, 'products', 'product_id')).toEqual(expected.map((i) => p[i]));
    expect(body.params.total_items).toBe(expected.length);
  });

  it('filters also hold across companies (the company filter left out)', async () => {
    const mine = await within('q=shirt');
    const everywhere = await listIds(`cid=${top}&items_per_page=250`);
    expect(everywhere).toEqual([p[0], p[1], p[3]]);
    expect(mine).toEqual([p[0], p[2]]);
  });

  it.each([
    ['free_shipping', 'X'],
    ['is_edp', '1'],
    ['status', 'Z'],
    ['price_from', 'abc'],
    ['price_to', '-5'],
    ['amount_from', '1.5'],
    ['amount_to', 'x'],
    ['cid', 'abc'],
    ['company_id', 'acme'],
    ['subcats', 'maybe'],
  ])('%s=%s → 400 naming the filter', async (field, value) => {
    const response = await api('GET', `/api/products?${field}=${value}`);
    expectError(response, 400);
    expect(fieldsOf(response)).toEqual([field]);
  });

  it("pid (the recording's #18): the products with those ids, as `pid=12,13` or `pid[]=12&pid[]=13`, with other filters and paging", async () => {
    expect(await listIds(`pid=${p[2]},${p[0]}`)).toEqual([p[0], p[2]]);
    expect(await listIds(`pid[]=${p[1]}&pid[]=${p[3]}`)).toEqual([p[1], p[3]]);
    expect(await listIds(`pid=${p[3]}`)).toEqual([p[3]]);
    expect(await within(`pid=${p[0]},${p[1]},${p[2]}&status=A`)).toEqual([p[0]]);
    const page = await getOk(`/api/products?pid=${p.join(',')}&items_per_page=2&sort_by=price&sort_order=desc`);
    expect(idsOf(page, 'products', 'product_id')).toEqual([p[2], p[1]]);
    expect(page.params.total_items).toBe(4);
    expect(await listIds('pid=999999999')).toEqual([]);
    for (const bad of ['abc', '1,x', '-1', '0']) {
      const response = await api('GET', `/api/products?pid=${bad}`);
      expectError(response, 400);
      expect(fieldsOf(response)).toEqual(['pid']);
    }
  });

  it('an unknown category or company selects nothing', async () => {
    expect(await listIds('cid=999999999')).toEqual([]);
    expect(await listIds('company_id=999999999')).toEqual([]);
  });
});
