/**
 * Categories (SPEC §10; cscart-entities.md "categories") over real HTTP, as the bootstrap root: product_count
 * following the products (refused writes change no count), and GET /categories/:id/products with and without
 * subcategories.
 * Every test works inside the company this file created, so the shared database never matters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { productCount } from './catalog-categories-fixtures.js';

let company: number;
beforeAll(async () => {
  company = await createStore();
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
