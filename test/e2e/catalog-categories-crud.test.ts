/**
 * Categories (SPEC §10; cscart-entities.md "categories") over real HTTP, as the bootstrap root: POST, GET, PUT and
 * DELETE, recorded field types per view, validation (required fields in order, allowed values, unknown company or
 * parent), ignored keys.
 * Every test works inside the company this file created, so the shared database never matters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createStore, expectShape, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { CATEGORY_FIELDS, categoriesOf, category } from './catalog-categories-fixtures.js';

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
