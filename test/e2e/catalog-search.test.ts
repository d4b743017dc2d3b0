/**
 * Product lookups over real HTTP (docs/api.md "Product search"), as the root administrator and as a vendor:
 * `q` by words (prefix of a word, case and accents ignored, match all / any / exact), `pcode` by prefix,
 * price ranges, `updated_since` / `updated_in_hours`, and the vendor's filters within its company — each
 * answer's rows and its exact `total_items`. Names carry a random tag, so other tests' products never match.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import { type ApiUser, createApiUser, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

let tag: string;
let companyA: number;
let companyB: number;
let vendorA: ApiUser;
/** A category of company A: products 0 and 2. */
let category: number;
/** Products 0–2 of company A, 3–4 of company B. */
let p: number[];

beforeAll(async () => {
  tag = uid()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
  [companyA, companyB] = [await createStore(), await createStore()];
  vendorA = await createApiUser('V', ['--company', String(companyA)]);
  category = await createCategory(companyA);
  const specs = [
    {
      product: `Zq${tag} Crème Brûlée Shirt`,
      product_code: `ZC${tag}-RED-1`,
      price: 10,
      company_id: companyA,
      category_ids: [category],
    },
    {
      product: `zq${tag} Blue iPhone case`,
      product_code: `ZC${tag}-BLU-2`,
      price: 25,
      company_id: companyA,
      status: 'D',
    },
    {
      product: `ZQ${tag} red shoes`,
      product_code: `ZD${tag}-RED-3`,
      price: '40.50',
      company_id: companyA,
      category_ids: [category],
    },
    { product: `zq${tag} Red Shirt`, product_code: `ZC${tag}-RED-4`, price: 12, company_id: companyB },
    { product: `zq${tag} phone stand`, product_code: `ZE${tag}-5`, price: 99, company_id: companyB },
  ];
  p = [];
  for (const spec of specs) p.push(await createProduct(spec));
});

async function listed(
  query: string,
  auth: ApiUser['auth'] | 'admin' = 'admin',
): Promise<{ ids: number[]; total: number }> {
  const body = await getOk(`/api/products?items_per_page=250&${query}`, auth);
  return { ids: idsOf(body, 'products', 'product_id'), total: body.params.total_items };
}

const rows = (indexes: number[]) => indexes.map((i) => p[i]);

describe('q: words, not substrings', () => {
  it.each([
    ['q=TAG%20shirt&match=all', [0, 3]],
    ['q=TAG%20SHI&match=all', [0, 3]],
    ['q=TAG%20creme%20brulee&match=all', [0]],
    ['q=TAG%20cr%C3%A8me&match=all', [0]],
    ['q=TAG%20phone&match=all', [4]],
    ['q=TAG%20hone&match=all', []],
    ['q=TAG%20red%20shirt&match=all', [0, 3]],
    ['q=TAG%20red%20shirt', [3]],
    ['q=TAG%20red%20shirt&match=exact', [3]],
    ['q=shirt%20stand&match=any&company_id=B', [3, 4]],
    ['q=TAG%20blu&match=all', [1]],
    ['q=TAG%20red&match=all&price_to=20', [0, 3]],
    ['q=TAG%20red&match=all&price_from=20', [2]],
    ['q=TAG%20red&match=all&status=D', []],
    ['q=TAG%20case&match=all&status=D', [1]],
  ] as const)('%s', async (query, expected) => {
    const resolved = query.replace('TAG', `zq${tag}`).replace('company_id=B', `company_id=${companyB}`);
    const { ids, total } = await listed(resolved);
    expect(ids).toEqual(rows([...expected]));
    expect(total).toBe(expected.length);
  });

  // Text items carry only the words text and the projected equality fields (docs/data-model.md "Text
  // items"): the other filters of a text lookup are judged on those, on the company's copy, or on the records.
  it.each([
    ['q=TAG&match=all&cid=CAT', [0, 2]],
    ['q=TAG%20shirt&match=all&cid=CAT', [0]],
    ['q=TAG%20shirt&match=all&cid=CAT&subcats=N', [0]],
    ['q=TAG%20red&match=any&cid=CAT&status=A', [0, 2]],
    ['q=TAG%20shirt&match=all&company_id=A', [0]],
    ['q=TAG&match=all&company_id=B&status=A', [3, 4]],
    ['q=TAG&match=all&pid=P1,P4', [1, 4]],
    ['pcode=ZCTAG&q=shirt&match=all', [0, 3]],
    ['q=TAG%20red&match=all&pcode=zcTAG', [0, 3]],
    ['pcode=ZCTAG&status=D', [1]],
    ['pcode=ZCTAG&company_id=A&cid=CAT', [0]],
    ['pcode=zc&q=TAG&match=all&price_from=20', [1]],
  ] as const)('combined with the slim text items: %s', async (query, expected) => {
    const resolved = query
      .replace(/zcTAG|ZCTAG/, `zc${tag}`)
      .replace('TAG', `zq${tag}`)
      .replace('CAT', String(category))
      .replace('company_id=A', `company_id=${companyA}`)
      .replace('company_id=B', `company_id=${companyB}`)
      .replace('P1,P4', `${p[1]},${p[4]}`);
    const { ids, total } = await listed(resolved);
    expect(ids).toEqual(rows([...expected]));
    expect(total).toBe(expected.length);
  });

  it('codes are searched by their words too', async () => {
    expect((await listed(`q=zc${tag}&match=all`)).ids).toEqual(rows([0, 1, 3]));
  });
});

describe('pcode: the code starts with the value', () => {
  it.each([
    ['zcTAG', [0, 1, 3]],
    ['ZCTAG-RED', [0, 3]],
    ['zcTAG-red-1', [0]],
    ['ZDTAG-RED-3', [2]],
    ['redTAG', []],
  ] as const)('pcode=%s', async (code, expected) => {
    const value = code.replace('TAG', tag);
    const { ids, total } = await listed(`pcode=${encodeURIComponent(value)}`);
    expect(ids).toEqual(rows([...expected]));
    expect(total).toBe(expected.length);
  });
});

describe('a vendor’s lookups stay within its company, with exact totals', () => {
  it.each([
    [`q=TAG%20shirt&match=all`, [0]],
    [`q=red%20shoes&match=any`, [0, 2]],
    [`pcode=ZC`, [0, 1]],
    [`q=TAG&match=all&price_from=20&price_to=30`, [1]],
    [`q=TAG&match=all&status=A`, [0, 2]],
    [`q=TAG&match=all&cid=CAT&status=A`, [0, 2]],
    [`pcode=ZC&q=shirt&match=all`, [0]],
    [`q=TAG&match=all&sort_by=price&sort_order=desc`, [2, 1, 0]],
  ] as const)('%s', async (query, expected) => {
    const resolved = query
      .replace('TAG', `zq${tag}`)
      .replace('pcode=ZC', `pcode=zc${tag}`)
      .replace('CAT', String(category));
    const { ids, total } = await listed(resolved, vendorA.auth);
    expect(ids).toEqual(rows([...expected]));
    expect(total).toBe(expected.length);
  });

  it('the vendor’s sorted list and its total are its company’s', async () => {
    const mine = await getOk(`/api/products?sort_by=price&sort_order=asc&items_per_page=250`, vendorA.auth);
    const prices = (mine.products as Array<{ price: string; company_id: string }>).map((row) => Number(row.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(mine.products.every((row: { company_id: string }) => Number(row.company_id) === companyA)).toBe(true);
    expect(mine.params.total_items).toBe(mine.products.length);
    expect(mine.products.map((row: { product_id: string }) => Number(row.product_id))).toEqual(
      expect.arrayContaining(rows([0, 1, 2])),
    );
  });
});

describe('changed since', () => {
  it('updated_since and updated_in_hours select what changed at or after the moment', async () => {
    const now = Math.floor(Date.now() / 1000);
    const soon = await listed(`q=zq${tag}&match=all&updated_since=${now + 3600}`);
    expect(soon).toEqual({ ids: [], total: 0 });
    const recent = await listed(`q=zq${tag}&match=all&updated_in_hours=1`);
    expect(recent.ids).toEqual(p);
    expect(recent.total).toBe(5);
    const updated = await api('PUT', `/api/products/${p[4]}`, { body: { price: 98 } });
    expectStatus(updated, 200);
    const sorted = await getOk(
      `/api/products?q=zq${tag}&match=all&sort_by=updated_timestamp&sort_order=desc&updated_since=${now - 3600}`,
    );
    expect(idsOf(sorted, 'products', 'product_id')[0]).toBe(p[4]);
    expect(sorted.params.total_items).toBe(5);
  });

  it('a match or updated filter that is not one of its values is a 400', async () => {
    for (const query of ['match=some', 'updated_since=yesterday', 'updated_in_hours=-1']) {
      const response = await api('GET', `/api/products?${query}`);
      expectStatus(response, 400);
    }
  });
});
