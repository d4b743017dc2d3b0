/**
 * Categories (SPEC §10; cscart-entities.md "categories") over real HTTP, as the bootstrap root: recorded field
 * types per view, answers, validation, the tree (parent_id, id_path, level; moves rewrite the subtree),
 * deletes that would orphan refused, product_count following the products, /categories/:id/products.
 * Every test works inside a company it created, so the shared database never matters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createProduct,
  createStore,
  expectShape,
  type FieldTable,
  getOk,
  idsOf,
} from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

/** cscart-entities.md "categories" field table (#19 list, #20 single). */
const CATEGORY_FIELDS: FieldTable = {
  category_id: ['str(int)', 'str(int)'],
  parent_id: ['str(int)', 'str(int)'],
  id_path: ['str', 'str'],
  level: ['—', 'str(int)'],
  company_id: ['str(int)', 'str(int)'],
  storefront_id: ['str(int)', 'str(int)'],
  usergroup_ids: ['—', 'str(int)'],
  status: ['str', 'str'],
  product_count: ['str(int)', 'str(int)'],
  position: ['str(int)', 'str(int)'],
  timestamp: ['—', 'str(int)'],
  is_op: ['—', 'str'],
  localization: ['—', 'str'],
  age_verification: ['—', 'str'],
  age_limit: ['—', 'str(int)'],
  parent_age_verification: ['—', 'str'],
  parent_age_limit: ['—', 'str(int)'],
  selected_views: ['—', 'array(empty)'],
  default_view: ['—', 'str'],
  product_details_view: ['—', 'str'],
  product_columns: ['—', 'str(int)'],
  is_trash: ['—', 'str'],
  is_default: ['—', 'str'],
  lang_code: ['—', 'str'],
  category: ['str', 'str'],
  description: ['—', 'str'],
  meta_keywords: ['—', 'str'],
  meta_description: ['—', 'str'],
  page_title: ['—', 'str'],
  age_warning_message: ['—', 'str'],
  main_pair: ['—', 'array(empty)'],
};

const category = (id: number) => getOk(`/api/categories/${id}`);
const categoriesOf = async (companyId: number, query = '') =>
  idsOf(await getOk(`/api/categories?company_id=${companyId}&items_per_page=250${query}`), 'categories', 'category_id');
const productCount = async (id: number) => (await category(id)).product_count;

let company: number;
beforeAll(async () => {
  company = await createStore();
});

describe('POST, GET, PUT, DELETE /categories', () => {
  it('POST → 201 {"category_id": N}; GET shows every recorded field in its type, the list row its own subset', async () => {
    const name = `Men's Clothing ${uid()}`;
    const body = {
      category: name,
      company_id: company,
      status: 'H',
      position: 10,
      description: '<p>Shirts</p>',
      meta_keywords: 'shirts',
      meta_description: 'Shirts for men',
      page_title: 'Shirts',
      age_verification: 'Y',
      age_limit: 18,
      age_warning_message: 'Adults only',
      is_op: 'Y',
    };
    const response = await api('POST', '/api/categories', { body });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['category_id']);
    const id = response.json.category_id;
    expect(Number.isInteger(id)).toBe(true);

    const single = await category(id);
    expectShape(single, CATEGORY_FIELDS, 'single');
    expect(single).toMatchObject({
      category_id: String(id),
      parent_id: '0',
      id_path: String(id),
      level: '1',
      company_id: String(company),
      status: 'H',
      product_count: '0',
      position: '10',
      category: name,
      description: '<p>Shirts</p>',
      meta_keywords: 'shirts',
      meta_description: 'Shirts for men',
      page_title: 'Shirts',
      age_verification: 'Y',
      age_limit: '18',
      age_warning_message: 'Adults only',
      is_op: 'Y',
    });
    expect(Math.abs(Number(single.timestamp) - Date.now() / 1000)).toBeLessThan(120);

    const list = await getOk(`/api/categories?company_id=${company}&category=${encodeURIComponent(name)}`);
    expect(idsOf(list, 'categories', 'category_id')).toEqual([id]);
    expectShape(list.categories[0], CATEGORY_FIELDS, 'list');
    expect(list.categories[0]).toMatchObject({
      category_id: String(id),
      parent_id: '0',
      id_path: String(id),
      category: name,
      status: 'H',
      position: '10',
      product_count: '0',
    });
  });

  it('a minimal POST shows every recorded field, defaults in the recorded types', async () => {
    const id = await createCategory(company);
    const single = await category(id);
    expectShape(single, CATEGORY_FIELDS, 'single');
    expect(single).toMatchObject({ status: 'A', parent_id: '0', position: '0', level: '1', product_count: '0' });
  });

  it('PUT → 200 {"category_id": "N"} (a string, as recorded); only the fields sent change', async () => {
    const id = await createCategory(company);
    const before = await category(id);
    const response = await api('PUT', `/api/categories/${id}`, {
      body: { category: 'Renamed', position: 99, status: 'D' },
    });
    expectStatus(response, 200);
    expect(response.json).toEqual({ category_id: String(id) });
    expect(await category(id)).toEqual({ ...before, category: 'Renamed', position: '99', status: 'D' });
  });

  it('DELETE → 204 with an empty body; then GET, PUT and DELETE → 404', async () => {
    const id = await createCategory(company);
    const response = await api('DELETE', `/api/categories/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `/api/categories/${id}`), 404);
    expectError(await api('PUT', `/api/categories/${id}`, { body: { category: 'x' } }), 404);
    expectError(await api('DELETE', `/api/categories/${id}`), 404);
    expect(await categoriesOf(company)).not.toContain(id);
  });

  it('unknown and non-numeric ids → 404 for GET, PUT, DELETE and /products', async () => {
    for (const id of ['999999999', 'abc', '7x', '0', '-1']) {
      expectError(await api('GET', `/api/categories/${id}`), 404);
      expectError(await api('PUT', `/api/categories/${id}`, { body: { category: 'x' } }), 404);
      expectError(await api('DELETE', `/api/categories/${id}`), 404);
      expectError(await api('GET', `/api/categories/${id}/products`), 404);
    }
  });

  it('required: category, then the store (company_id), every missing one in errors', async () => {
    const none = await api('POST', '/api/categories', { body: { status: 'A' } });
    expectError(none, 400, 'Bad Request: The category field is required');
    expect(none.json.errors).toEqual([
      { field: 'category', message: 'The category field is required' },
      { field: 'company_id', message: 'The company_id field is required' },
    ]);
    const noName = await api('POST', '/api/categories', { body: { company_id: company } });
    expectError(noName, 400, 'Bad Request: The category field is required');
    expect(noName.json.errors).toEqual([{ field: 'category', message: 'The category field is required' }]);
    const noStore = await api('POST', '/api/categories', { body: { category: 'No store' } });
    expectError(noStore, 400, 'Bad Request: The company_id field is required');
    expect(noStore.json.errors).toEqual([{ field: 'company_id', message: 'The company_id field is required' }]);
    const storeZero = await api('POST', '/api/categories', { body: { category: 'Store zero', company_id: 0 } });
    expectError(storeZero, 400);
    expect(storeZero.json.errors.map((e: { field: string }) => e.field)).toEqual(['company_id']);
    expectError(await api('POST', '/api/categories', { body: {} }), 400, 'Bad Request: Missing parameters');
  });

  it('values outside the allowed ones and malformed numbers → 400 naming the field, nothing written', async () => {
    const name = `Invalid ${uid()}`;
    for (const [field, value] of [
      ['status', 'X'],
      ['age_verification', 'maybe'],
      ['position', 'abc'],
      ['position', -1],
      ['position', 1.5],
      ['position', '1e3'],
      ['age_limit', 'eighteen'],
      ['parent_id', 'root'],
      ['company_id', 'abc'],
      ['company_id', -2],
    ] as const) {
      const response = await api('POST', '/api/categories', {
        body: { category: name, company_id: company, [field]: value },
      });
      expectError(response, 400);
      expect(
        response.json.errors?.map((e: { field: string }) => e.field),
        `${field}=${JSON.stringify(value)}`,
      ).toEqual([field]);
    }
    expect((await getOk(`/api/categories?category=${encodeURIComponent(name)}`)).categories).toEqual([]);
    const id = await createCategory(company);
    const put = await api('PUT', `/api/categories/${id}`, { body: { position: 'top' } });
    expectError(put, 400);
    expect(put.json.errors.map((e: { field: string }) => e.field)).toEqual(['position']);
  });

  it('an unknown company_id or parent_id → 400 naming the field, nothing written', async () => {
    const name = `Dangling ${uid()}`;
    const noCompany = await api('POST', '/api/categories', { body: { category: name, company_id: 999999999 } });
    expectError(noCompany, 400);
    expect(noCompany.json.message).toMatch(/company_id/);
    expect(noCompany.json.errors.map((e: { field: string }) => e.field)).toEqual(['company_id']);
    const noParent = await api('POST', '/api/categories', {
      body: { category: name, company_id: company, parent_id: 999999999 },
    });
    expectError(noParent, 400);
    expect(noParent.json.message).toMatch(/parent_id/);
    expect(noParent.json.errors.map((e: { field: string }) => e.field)).toEqual(['parent_id']);
    expect((await getOk(`/api/categories?category=${encodeURIComponent(name)}`)).categories).toEqual([]);

    const id = await createCategory(company);
    const before = await category(id);
    const put = await api('PUT', `/api/categories/${id}`, { body: { company_id: 999999999 } });
    expectError(put, 400);
    expect(put.json.errors.map((e: { field: string }) => e.field)).toEqual(['company_id']);
    expect(await category(id)).toEqual(before);
  });

  it('unknown keys and read-only fields are ignored', async () => {
    const response = await api('POST', '/api/categories', {
      body: {
        category: `Read-only ${uid()}`,
        company_id: company,
        category_id: 1,
        id_path: '1/2/3',
        level: 7,
        product_count: 55,
        timestamp: 1,
        storefront_id: 9,
        is_trash: 'Y',
        path_ids: [1, 2],
        colour: 'red',
      },
    });
    expectStatus(response, 201);
    const id = response.json.category_id;
    const single = await category(id);
    expect(single).toMatchObject({
      category_id: String(id),
      id_path: String(id),
      level: '1',
      product_count: '0',
      storefront_id: '1',
      is_trash: 'N',
    });
    expect(Number(single.timestamp)).toBeGreaterThan(1);
    expect(single).not.toHaveProperty('colour');
    expect(single).not.toHaveProperty('path_ids');

    const put = await api('PUT', `/api/categories/${id}`, {
      body: { id_path: '9', level: 4, product_count: 3, colour: 'blue', position: 5 },
    });
    expectStatus(put, 200);
    expect(await category(id)).toEqual({ ...single, position: '5' });
    expectError(
      await api('PUT', `/api/categories/${id}`, { body: { level: 4, colour: 'blue' } }),
      400,
      'Bad Request: Missing parameters',
    );
  });
});

describe('the tree', () => {
  it('parent_id, id_path and level follow the ancestors', async () => {
    const a = await createCategory(company);
    const b = await createCategory(company, { parent_id: a });
    const c = await createCategory(company, { parent_id: b });
    expect(await category(a)).toMatchObject({ parent_id: '0', id_path: `${a}`, level: '1' });
    expect(await category(b)).toMatchObject({ parent_id: String(a), id_path: `${a}/${b}`, level: '2' });
    expect(await category(c)).toMatchObject({ parent_id: String(b), id_path: `${a}/${b}/${c}`, level: '3' });
    expect(await categoriesOf(company, `&parent_id=${a}`)).toEqual([b]);
    const row = (await getOk(`/api/categories?company_id=${company}&parent_id=${b}`)).categories[0];
    expect(row).toMatchObject({ category_id: String(c), parent_id: String(b), id_path: `${a}/${b}/${c}` });
  });

  it('moving a category rewrites the id_path and level of its whole subtree', async () => {
    const a = await createCategory(company);
    const b = await createCategory(company, { parent_id: a });
    const c = await createCategory(company, { parent_id: b });
    const d = await createCategory(company, { parent_id: c });
    const sibling = await createCategory(company, { parent_id: a });
    const x = await createCategory(company);

    const move = await api('PUT', `/api/categories/${b}`, { body: { parent_id: x } });
    expectStatus(move, 200);
    expect(move.json).toEqual({ category_id: String(b) });
    expect(await category(b)).toMatchObject({ parent_id: String(x), id_path: `${x}/${b}`, level: '2' });
    expect(await category(c)).toMatchObject({ parent_id: String(b), id_path: `${x}/${b}/${c}`, level: '3' });
    expect(await category(d)).toMatchObject({ parent_id: String(c), id_path: `${x}/${b}/${c}/${d}`, level: '4' });
    // Untouched: the old parent and its other child.
    expect(await category(a)).toMatchObject({ id_path: `${a}`, level: '1' });
    expect(await category(sibling)).toMatchObject({ id_path: `${a}/${sibling}`, level: '2' });
    expect(await categoriesOf(company, `&parent_id=${a}`)).toEqual([sibling]);
    expect(await categoriesOf(company, `&parent_id=${x}`)).toEqual([b]);

    // The subtree follows for product lists too: d's product is under x now, no longer under a.
    const product = await createProduct({ company_id: company, category_ids: [d] });
    expect(idsOf(await getOk(`/api/categories/${x}/products`), 'products', 'product_id')).toEqual([product]);
    expect(idsOf(await getOk(`/api/categories/${a}/products`), 'products', 'product_id')).toEqual([]);

    // To the root.
    expectStatus(await api('PUT', `/api/categories/${c}`, { body: { parent_id: 0 } }), 200);
    expect(await category(c)).toMatchObject({ parent_id: '0', id_path: `${c}`, level: '1' });
    expect(await category(d)).toMatchObject({ id_path: `${c}/${d}`, level: '2' });
    expect(idsOf(await getOk(`/api/categories/${x}/products`), 'products', 'product_id')).toEqual([]);
    expect(idsOf(await getOk(`/api/categories/${c}/products`), 'products', 'product_id')).toEqual([product]);
  });

  it('moving a category under itself or one of its descendants → 400 naming parent_id; nothing changes', async () => {
    const a = await createCategory(company);
    const b = await createCategory(company, { parent_id: a });
    const c = await createCategory(company, { parent_id: b });
    const before = await Promise.all([a, b, c].map(category));
    for (const [id, parent] of [
      [a, a],
      [a, b],
      [a, c],
      [b, c],
    ]) {
      const response = await api('PUT', `/api/categories/${id}`, { body: { parent_id: parent } });
      expectError(response, 400);
      expect(response.json.errors.map((e: { field: string }) => e.field)).toEqual(['parent_id']);
    }
    const unknown = await api('PUT', `/api/categories/${b}`, { body: { parent_id: 999999999 } });
    expectError(unknown, 400);
    expect(unknown.json.errors.map((e: { field: string }) => e.field)).toEqual(['parent_id']);
    expect(await Promise.all([a, b, c].map(category))).toEqual(before);
  });

  it('deleting a category with subcategories → 400 saying so; with products → 400 saying so', async () => {
    const parent = await createCategory(company);
    const child = await createCategory(company, { parent_id: parent });
    const withChild = await api('DELETE', `/api/categories/${parent}`);
    expectError(withChild, 400);
    expect(withChild.json.message).toMatch(/subcategories/);
    expectStatus(await api('GET', `/api/categories/${parent}`), 200);

    const product = await createProduct({ company_id: company, category_ids: [child] });
    const withProduct = await api('DELETE', `/api/categories/${child}`);
    expectError(withProduct, 400);
    expect(withProduct.json.message).toMatch(/products/);
    expectStatus(await api('GET', `/api/categories/${child}`), 200);

    // Taking the product out of it frees it, and then its parent.
    expectStatus(await api('PUT', `/api/products/${product}`, { body: { category_ids: [] } }), 200);
    expectStatus(await api('DELETE', `/api/categories/${child}`), 204);
    expectStatus(await api('DELETE', `/api/categories/${parent}`), 204);
  });
});

describe('product_count follows the products', () => {
  it('through create, update and delete of products', async () => {
    const [a, b, c] = [await createCategory(company), await createCategory(company), await createCategory(company)];
    const p1 = await createProduct({ company_id: company, category_ids: [a, b] });
    expect([await productCount(a), await productCount(b), await productCount(c)]).toEqual(['1', '1', '0']);
    const p2 = await createProduct({ company_id: company, category_ids: `${a}` });
    expect(await productCount(a)).toBe('2');

    expectStatus(await api('PUT', `/api/products/${p1}`, { body: { category_ids: [b, c] } }), 200);
    expect([await productCount(a), await productCount(b), await productCount(c)]).toEqual(['1', '1', '1']);
    // A PUT without category_ids leaves them.
    expectStatus(await api('PUT', `/api/products/${p1}`, { body: { price: 5 } }), 200);
    expect([await productCount(a), await productCount(b), await productCount(c)]).toEqual(['1', '1', '1']);

    // The list rows carry the same counts.
    const rows = (await getOk(`/api/categories?company_id=${company}&items_per_page=250`)).categories as Array<
      Record<string, string>
    >;
    const counts = Object.fromEntries(
      rows
        .filter((row) => [a, b, c].includes(Number(row.category_id)))
        .map((row) => [row.category_id, row.product_count]),
    );
    expect(counts).toEqual({ [a]: '1', [b]: '1', [c]: '1' });

    expectStatus(await api('DELETE', `/api/products/${p1}`), 204);
    expect([await productCount(a), await productCount(b), await productCount(c)]).toEqual(['1', '0', '0']);
    expectStatus(await api('DELETE', `/api/products/${p2}`), 204);
    expect(await productCount(a)).toBe('0');
  });

  it('a refused product write changes no count', async () => {
    const a = await createCategory(company);
    const refused = await api('POST', '/api/products', {
      body: { product: 'x', price: 1, company_id: company, category_ids: [a, 999999999] },
    });
    expectError(refused, 400);
    expect(refused.json.errors.map((e: { field: string }) => e.field)).toEqual(['category_ids']);
    expect(await productCount(a)).toBe('0');
  });
});

describe('GET /categories/:id/products', () => {
  it("the category's products with its subcategories' (each once), only its own with subcats=N; paged", async () => {
    const top = await createCategory(company);
    const sub = await createCategory(company, { parent_id: top });
    const subsub = await createCategory(company, { parent_id: sub });
    const other = await createCategory(company);
    const inTop = await createProduct({ company_id: company, category_ids: [top] });
    const inBoth = await createProduct({ company_id: company, category_ids: [sub, subsub] });
    const inSubsub = await createProduct({ company_id: company, category_ids: [subsub] });
    const elsewhere = await createProduct({ company_id: company, category_ids: [other] });

    const all = await getOk(`/api/categories/${top}/products`);
    expect(idsOf(all, 'products', 'product_id')).toEqual([inTop, inBoth, inSubsub]);
    expect(all.params.total_items).toBe(3);
    expect(all.search.total_items).toBe(3);
    expect(all.products[0].product_id).toBe(String(inTop));
    expect(idsOf(await getOk(`/api/categories/${top}/products?subcats=N`), 'products', 'product_id')).toEqual([inTop]);
    expect(idsOf(await getOk(`/api/categories/${sub}/products`), 'products', 'product_id')).toEqual([inBoth, inSubsub]);
    expect(idsOf(await getOk(`/api/categories/${sub}/products?subcats=N`), 'products', 'product_id')).toEqual([inBoth]);
    expect(idsOf(await getOk(`/api/categories/${other}/products`), 'products', 'product_id')).toEqual([elsewhere]);

    const page2 = await getOk(`/api/categories/${top}/products?items_per_page=2&page=2`);
    expect(idsOf(page2, 'products', 'product_id')).toEqual([inSubsub]);
    expect(page2.params).toMatchObject({ page: 2, items_per_page: 2, total_items: 3 });
    const past = await getOk(`/api/categories/${top}/products?items_per_page=2&page=3`);
    expect(past.products).toEqual([]);
    expect(past.params.total_items).toBe(3);
    // Product filters and sorts apply too.
    expect(
      idsOf(await getOk(`/api/categories/${top}/products?sort_by=id&sort_order=desc`), 'products', 'product_id'),
    ).toEqual([inSubsub, inBoth, inTop]);
    expect((await getOk(`/api/2.0/categories/${top}/products`)).products).toEqual(all.products);
  });

  it('an empty category answers an empty list', async () => {
    const empty = await createCategory(company);
    const body = await getOk(`/api/categories/${empty}/products`);
    expect(body.products).toEqual([]);
    expect(body.params.total_items).toBe(0);
  });
});

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
