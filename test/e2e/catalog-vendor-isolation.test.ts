/**
 * Vendors in the catalog (SPEC §5, §10) over real HTTP, in the test server's default edition (which lets
 * vendors use the API): two companies, a vendor user of each made with the admin command line, and for every
 * catalog endpoint and method proof that a vendor sees and changes only its own company's products, creates in
 * its own company whatever the body says, reads every category but writes none, and is refused everything else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createFeature, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import {
  type ApiUser,
  createApiUser,
  createGroup,
  expectError,
  expectForbidden,
  expectStatus,
  uid,
} from '../support/fixtures.js';
import { api, PATH_FORMS } from '../support/http.js';

let companyA: number;
let companyB: number;
let vendorA: ApiUser;
let vendorB: ApiUser;
let cat1: number;
let cat2: number;
let sub1: number;
let feature: number;
let variant: string;
let tag: string;
/** Products of company A and of company B, created by the root administrator. */
let pA: number[];
let pB: number[];

beforeAll(async () => {
  tag = uid();
  [companyA, companyB] = [await createStore(), await createStore()];
  [vendorA, vendorB] = await Promise.all([
    createApiUser('V', ['--company', String(companyA)]),
    createApiUser('V', ['--company', String(companyB)]),
  ]);
  cat1 = await createCategory(companyA);
  sub1 = await createCategory(companyA, { parent_id: cat1 });
  cat2 = await createCategory(companyB);
  feature = await createFeature(companyA, { variants: [{ variant: 'Red' }] });
  variant = Object.keys((await getOk(`/api/features/${feature}`)).variants)[0]!;
  pA = [
    await createProduct({
      product: `Iso ${tag} A1`,
      company_id: companyA,
      category_ids: [cat1],
      price: 10,
      amount: 3,
      product_features: { [feature]: variant },
    }),
    await createProduct({
      product: `Iso ${tag} A2`,
      company_id: companyA,
      category_ids: [cat2, sub1],
      price: 30,
      amount: 1,
    }),
  ];
  pB = [
    await createProduct({
      product: `Iso ${tag} B1`,
      company_id: companyB,
      category_ids: [cat1, cat2],
      price: 20,
      amount: 2,
      product_features: { [feature]: variant },
    }),
    await createProduct({ product: `Iso ${tag} B2`, company_id: companyB, category_ids: [sub1], price: 5, amount: 9 }),
  ];
});

describe('a vendor sees only its own company’s products', () => {
  it.each([0, 1, 2])('GET /products (path form %i): only its company, whatever the filters and sorts', async (form) => {
    const path = PATH_FORMS[form]!;
    for (const [vendor, own] of [
      [vendorA, () => pA],
      [vendorB, () => pB],
    ] as const) {
      const list = async (query: string) => {
        const response = await api('GET', path(`products?${query}`), { auth: vendor.auth });
        expectStatus(response, 200);
        return response.json;
      };
      const all = await list('items_per_page=250');
      expect(idsOf(all, 'products', 'product_id')).toEqual(own());
      expect(all.params.total_items).toBe(2);
      for (const query of [
        `q=Iso%20${tag}`,
        `q=Iso%20${tag}&sort_by=price&sort_order=desc`,
        `q=Iso%20${tag}&sort_by=amount`,
        `q=Iso%20${tag}&sort_by=product`,
        `q=Iso%20${tag}&price_from=1`,
        `q=Iso%20${tag}&status=A`,
        `q=Iso%20${tag}&amount_to=100`,
      ]) {
        const body = await list(query);
        expect(
          idsOf(body, 'products', 'product_id').sort((a, b) => a - b),
          query,
        ).toEqual(own());
        expect(body.params.total_items, query).toBe(2);
      }
      // Asking for the other company's products finds none.
      const other = vendor === vendorA ? companyB : companyA;
      const foreign = await list(`company_id=${other}`);
      expect(foreign.products).toEqual([]);
      expect(foreign.params.total_items).toBe(0);
      expect(
        idsOf(await list(`company_id=${vendor === vendorA ? companyA : companyB}`), 'products', 'product_id'),
      ).toEqual(own());
    }
  });

  it('cid lists and /categories/:id/products hold only its own products', async () => {
    const cases: Array<[ApiUser, number, string, number[]]> = [
      [vendorA, cat1, '', [pA[0]!, pA[1]!]],
      [vendorA, cat1, 'subcats=N', [pA[0]!]],
      [vendorA, sub1, '', [pA[1]!]],
      [vendorA, cat2, '', [pA[1]!]],
      [vendorB, cat1, '', [pB[0]!, pB[1]!]],
      [vendorB, cat1, 'subcats=N', [pB[0]!]],
      [vendorB, sub1, '', [pB[1]!]],
      [vendorB, cat2, '', [pB[0]!]],
    ];
    for (const [vendor, category, query, expected] of cases) {
      const label = `${vendor === vendorA ? 'A' : 'B'} cid=${category} ${query}`;
      const viaFilter = await getOk(`/api/products?cid=${category}&${query}`, vendor.auth);
      expect(idsOf(viaFilter, 'products', 'product_id'), label).toEqual(expected);
      expect(viaFilter.params.total_items, label).toBe(expected.length);
      const viaPath = await getOk(`/api/categories/${category}/products?${query}`, vendor.auth);
      expect(idsOf(viaPath, 'products', 'product_id'), label).toEqual(expected);
      expect(viaPath.params.total_items, label).toBe(expected.length);
      const sorted = await getOk(
        `/api/categories/${category}/products?sort_by=amount&sort_order=desc&${query}`,
        vendor.auth,
      );
      expect(
        idsOf(sorted, 'products', 'product_id').sort((a, b) => a - b),
        label,
      ).toEqual(expected);
    }
    expectError(await api('GET', '/api/categories/999999999/products', { auth: vendorA.auth }), 404);
  });

  it('GET /products/:id and /products/:id/features: its own → 200, another company’s → 404', async () => {
    const own = await getOk(`/api/products/${pA[0]}`, vendorA.auth);
    expect(own).toMatchObject({ product_id: pA[0], company_id: String(companyA) });
    const features = await getOk(`/api/products/${pA[0]}/features`, vendorA.auth);
    expect(idsOf(features, 'features', 'feature_id')).toEqual([feature]);
    for (const id of pB) {
      for (const form of PATH_FORMS) {
        expectError(await api('GET', form(`products/${id}`), { auth: vendorA.auth }), 404);
        expectError(await api('GET', form(`products/${id}/features`), { auth: vendorA.auth }), 404);
      }
    }
    for (const id of pA) {
      expectError(await api('GET', `/api/products/${id}`, { auth: vendorB.auth }), 404);
      expectError(await api('GET', `/api/products/${id}/features`, { auth: vendorB.auth }), 404);
    }
  });

  it('the 404 for another company’s product is the same as for a product that does not exist', async () => {
    const foreign = await api('GET', `/api/products/${pB[0]}`, { auth: vendorA.auth });
    const missing = await api('GET', '/api/products/999999999', { auth: vendorA.auth });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    const foreignPut = await api('PUT', `/api/products/${pB[0]}`, { auth: vendorA.auth, body: { price: 1 } });
    const missingPut = await api('PUT', '/api/products/999999999', { auth: vendorA.auth, body: { price: 1 } });
    expect(foreignPut.status).toBe(404);
    expect(foreignPut.json).toEqual(missingPut.json);
  });
});

describe('a vendor changes only its own company’s products', () => {
  it('PUT and DELETE on another company’s product → 404, and it stays as it was', async () => {
    const before = await Promise.all(pB.map((id) => getOk(`/api/products/${id}`)));
    for (const id of pB) {
      for (const form of PATH_FORMS) {
        expectError(
          await api('PUT', form(`products/${id}`), { auth: vendorA.auth, body: { price: 1, product: 'Taken over' } }),
          404,
        );
        expectError(
          await api('PUT', form(`products/${id}`), { auth: vendorA.auth, body: { company_id: companyA } }),
          404,
        );
        expectError(await api('DELETE', form(`products/${id}`), { auth: vendorA.auth }), 404);
      }
    }
    expect(await Promise.all(pB.map((id) => getOk(`/api/products/${id}`)))).toEqual(before);
  });

  it('POST creates in its own company whatever company_id the body says (or without one)', async () => {
    for (const companyId of [companyB, undefined, 999999999, 0]) {
      const body = {
        product: `Vendor made ${uid()}`,
        price: 12,
        category_ids: [cat2],
        ...(companyId === undefined ? {} : { company_id: companyId }),
      };
      const response = await api('POST', '/api/products', { auth: vendorA.auth, body });
      expectStatus(response, 201);
      expect(Object.keys(response.json)).toEqual(['product_id']);
      const id = response.json.product_id;
      const stored = await getOk(`/api/products/${id}`);
      expect(stored.company_id, `company_id ${companyId}`).toBe(String(companyA));
      expectStatus(await api('GET', `/api/products/${id}`, { auth: vendorA.auth }), 200);
      expectError(await api('GET', `/api/products/${id}`, { auth: vendorB.auth }), 404);
      expectStatus(await api('DELETE', `/api/products/${id}`, { auth: vendorA.auth }), 204);
    }
    expect(idsOf(await getOk('/api/products?items_per_page=250', vendorA.auth), 'products', 'product_id')).toEqual(pA);
  });

  it('PUT on its own product works and cannot move it to another company; DELETE its own → 204', async () => {
    const id = await createProduct({ company_id: companyA, price: 1 }, vendorA.auth);
    const put = await api('PUT', `/api/products/${id}`, {
      auth: vendorA.auth,
      body: { price: 2.5, company_id: companyB },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ product_id: id });
    expect(await getOk(`/api/products/${id}`)).toMatchObject({ price: '2.50', company_id: String(companyA) });
    expectStatus(await api('PUT', `/api/products/${id}`, { auth: vendorA.auth, body: { company_id: companyB } }), 200);
    expect((await getOk(`/api/products/${id}`)).company_id).toBe(String(companyA));
    expect(
      idsOf(await getOk(`/api/products?company_id=${companyB}&items_per_page=250`), 'products', 'product_id'),
    ).not.toContain(id);
    expectStatus(await api('DELETE', `/api/products/${id}`, { auth: vendorA.auth }), 204);
    expectError(await api('GET', `/api/products/${id}`), 404);
  });

  it('validation still applies to vendors: a missing price → 400, an unknown category → 400', async () => {
    expectError(
      await api('POST', '/api/products', { auth: vendorA.auth, body: { product: 'x' } }),
      400,
      'Bad Request: The price field is required',
    );
    const response = await api('POST', '/api/products', {
      auth: vendorA.auth,
      body: { product: 'x', price: 1, category_ids: [999999999] },
    });
    expectError(response, 400);
    expect(response.json.errors.map((e: { field: string }) => e.field)).toEqual(['category_ids']);
  });
});

describe('categories: a vendor reads them all and writes none', () => {
  it('GET /categories and /categories/:id show every company’s categories', async () => {
    for (const vendor of [vendorA, vendorB]) {
      for (const id of [cat1, cat2, sub1]) {
        expect(await getOk(`/api/categories/${id}`, vendor.auth)).toEqual(await getOk(`/api/categories/${id}`));
      }
      // status=A: a product created without category_ids made its company's hidden default category (status H).
      expect(
        idsOf(await getOk(`/api/categories?company_id=${companyA}&status=A`, vendor.auth), 'categories', 'category_id'),
      ).toEqual([cat1, sub1]);
      expect(
        idsOf(await getOk(`/api/categories?company_id=${companyB}&status=A`, vendor.auth), 'categories', 'category_id'),
      ).toEqual([cat2]);
    }
  });

  it('POST, PUT and DELETE /categories → 403, whatever the id or body, and nothing changes', async () => {
    const before = await getOk(`/api/categories/${cat1}`);
    for (const form of PATH_FORMS) {
      for (const vendor of [vendorA, vendorB]) {
        expectForbidden(
          await api('POST', form('categories'), {
            auth: vendor.auth,
            body: { category: 'Vendor made', company_id: companyA },
          }),
        );
        expectForbidden(await api('POST', form('categories'), { auth: vendor.auth, body: {} }));
        expectForbidden(
          await api('PUT', form(`categories/${cat1}`), { auth: vendor.auth, body: { category: 'Renamed' } }),
        );
        expectForbidden(await api('PUT', form('categories/999999999'), { auth: vendor.auth, body: { category: 'x' } }));
        expectForbidden(await api('DELETE', form(`categories/${cat1}`), { auth: vendor.auth }));
        expectForbidden(await api('DELETE', form('categories/abc'), { auth: vendor.auth }));
      }
    }
    expect(await getOk(`/api/categories/${cat1}`)).toEqual(before);
    expect((await getOk(`/api/categories?category=Vendor%20made&company_id=${companyA}`)).categories).toEqual([]);
  });
});

describe('everything else is refused to a vendor (403)', () => {
  it('stores, vendors, features, usergroups and users: every method, own company included', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    const requests: Array<[string, string, object?]> = [];
    for (const [entity, id, body] of [
      ['stores', companyA, { company: 'x', storefront: 'x.example.com' }],
      ['stores', companyB, { company: 'x', storefront: 'x.example.com' }],
      ['vendors', companyA, { company: 'x', email: 'x@example.com' }],
      ['vendors', companyB, { company: 'x', email: 'x@example.com' }],
      ['features', feature, { feature_type: 'S', description: 'x', company_id: companyA }],
      ['usergroups', group, { type: 'C', status: 'A' }],
      ['users', vendorA.userId, { email: `x-${uid()}@example.com`, user_type: 'C' }],
    ] as const) {
      requests.push(
        ['GET', entity],
        ['GET', `${entity}/${id}`],
        ['POST', entity, body],
        ['PUT', `${entity}/${id}`, body],
        ['DELETE', `${entity}/${id}`],
        ['GET', `${entity}/999999999`],
      );
    }
    requests.push(
      ['GET', `users/${vendorA.userId}/usergroups`],
      ['PUT', `users/${vendorA.userId}/usergroups/${group}`, { status: 'A' }],
    );
    for (const form of PATH_FORMS) {
      for (const [method, rest, body] of requests) {
        const response = await api(method, form(rest), { auth: vendorA.auth, body });
        expect(response.status, `${method} ${form(rest)}: ${response.body}`).toBe(403);
        expectForbidden(response);
      }
    }
    // Nothing the refused writes named changed.
    expectStatus(await api('GET', `/api/stores/${companyA}`), 200);
    expectStatus(await api('GET', `/api/features/${feature}`), 200);
    expectStatus(await api('GET', `/api/usergroups/${group}`), 200);
    expectStatus(await api('GET', `/api/users/${vendorA.userId}`), 200);
    // The version needs no privilege.
    expect(await getOk('/api/version', vendorA.auth)).toEqual({ Version: '1.0' });
  });
});
