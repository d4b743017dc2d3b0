/**
 * Categories (SPEC §10; cscart-entities.md "categories") over real HTTP, as the bootstrap root: the tree (parent_id,
 * id_path, level; moves rewrite the subtree; no move under itself), deletes that would orphan refused.
 * Every test works inside the company this file created, so the shared database never matters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { categoriesOf, category } from './catalog-categories-fixtures.js';

let company: number;
beforeAll(async () => {
  company = await createStore();
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
