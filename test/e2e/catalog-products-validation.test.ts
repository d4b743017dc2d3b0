/**
 * Products (SPEC §10) over real HTTP, as the bootstrap root: validation of a write (required fields, allowed
 * values, malformed numbers, unknown references: 400 naming the field, nothing written), ignored keys and
 * read-only fields, and company_name following its company. Each test works in the company this file created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { createProductsCompany, fieldsOf, listIds, product } from './catalog-products-fixtures.js';

let company: number;
let companyName: string;
let cat1: number;
beforeAll(async () => {
  ({ company, companyName, cat1 } = await createProductsCompany());
});

describe('POST, GET, PUT, DELETE /products', () => {
  it('required: price (400 "The price field is required", errors); an empty body → Missing parameters', async () => {
    const response = await api('POST', '/api/products', { body: { product: 'ZZ API Test Product' } });
    expectError(response, 400, 'Bad Request: The price field is required');
    expect(response.json.errors).toEqual([{ field: 'price', message: 'The price field is required' }]);
    expectError(
      await api('POST', '/api/products', { body: { product: 'x', price: '' } }),
      400,
      'Bad Request: The price field is required',
    );
    expectError(await api('POST', '/api/products', { body: {} }), 400, 'Bad Request: Missing parameters');
    expectError(
      await api('PUT', `/api/products/${await createProduct()}`, { body: {} }),
      400,
      'Bad Request: Missing parameters',
    );
  });

  it('values outside the allowed ones and malformed numbers → 400 naming the field, nothing written', async () => {
    const name = `Invalid ${uid()}`;
    const cases: Array<[string, unknown]> = [
      ['price', 'abc'],
      ['price', -1],
      ['price', '1,5'],
      ['price', '12.5.1'],
      ['list_price', 'free'],
      ['amount', 1.5],
      ['amount', 'ten'],
      ['amount', -3],
      ['weight', 'heavy'],
      ['company_id', 'acme'],
      ['category_ids', 'a,b'],
      ['category_ids', [0]],
      ['category_ids', [-1]],
      ['tax_ids', ['x']],
      ['status', 'X'],
      ['tracking', 'Z'],
      ['free_shipping', 'maybe'],
      ['is_edp', 'yes'],
      ['zero_price_action', 'Q'],
      ['out_of_stock_actions', 'X'],
      ['product_features', 'red'],
      ['product', { a: 1 }],
    ];
    for (const [field, value] of cases) {
      const response = await api('POST', '/api/products', {
        body: { product: name, price: 1, company_id: company, [field]: value },
      });
      expectError(response, 400);
      expect(fieldsOf(response), `${field}=${JSON.stringify(value)}`).toEqual([field]);
    }
    expect(await listIds(`q=${encodeURIComponent(name)}`)).toEqual([]);

    const id = await createProduct({ company_id: company });
    const before = await product(id);
    for (const [field, value] of cases) {
      const response = await api('PUT', `/api/products/${id}`, { body: { [field]: value } });
      expectError(response, 400);
      expect(fieldsOf(response), `PUT ${field}=${JSON.stringify(value)}`).toEqual([field]);
    }
    expect(await product(id)).toEqual(before);
  });

  it('an unknown company_id or category → 400 naming the field, nothing written', async () => {
    const name = `Dangling ${uid()}`;
    const noCompany = await api('POST', '/api/products', { body: { product: name, price: 1, company_id: 999999999 } });
    expectError(noCompany, 400);
    expect(noCompany.json.message).toMatch(/company_id/);
    expect(fieldsOf(noCompany)).toEqual(['company_id']);
    const noCategory = await api('POST', '/api/products', {
      body: { product: name, price: 1, company_id: company, category_ids: [cat1, 999999999] },
    });
    expectError(noCategory, 400);
    expect(noCategory.json.message).toMatch(/category_ids/);
    expect(fieldsOf(noCategory)).toEqual(['category_ids']);
    expect(await listIds(`q=${encodeURIComponent(name)}`)).toEqual([]);

    const id = await createProduct({ company_id: company, category_ids: [cat1] });
    const before = await product(id);
    const put1 = await api('PUT', `/api/products/${id}`, { body: { company_id: 999999999, price: 99 } });
    expectError(put1, 400);
    expect(fieldsOf(put1)).toEqual(['company_id']);
    const put2 = await api('PUT', `/api/products/${id}`, { body: { category_ids: [999999999], price: 99 } });
    expectError(put2, 400);
    expect(fieldsOf(put2)).toEqual(['category_ids']);
    expect(await product(id)).toEqual(before);
  });

  it('unknown keys and read-only fields are ignored', async () => {
    const response = await api('POST', '/api/products', {
      body: {
        product: `Read-only ${uid()}`,
        price: 5,
        company_id: company,
        product_id: 1,
        timestamp: 1,
        updated_timestamp: 1,
        company_name: 'Forged',
        base_price: '999.00',
        popularity: 50,
        product_type: 'V',
        parent_product_id: 3,
        shared_product: 'Y',
        has_options: true,
        list_discount: 9,
        feature_ids: [1],
        colour: 'red',
      },
    });
    expectStatus(response, 201);
    const id = response.json.product_id;
    expect(id).not.toBe(1);
    const single = await product(id);
    expect(single).toMatchObject({
      product_id: id,
      company_name: companyName,
      base_price: '5.00',
      popularity: '0',
      product_type: 'P',
      parent_product_id: '0',
      shared_product: 'N',
      has_options: false,
      list_discount: 0,
    });
    expect(Number(single.timestamp)).toBeGreaterThan(1);
    expect(single).not.toHaveProperty('colour');
    expect(single).not.toHaveProperty('feature_ids');

    const put = await api('PUT', `/api/products/${id}`, {
      body: { product_id: 2, company_name: 'x', colour: 'blue', product_code: 'RO-1' },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ product_id: id });
    const after = await product(id);
    expect(after).toMatchObject({ product_id: id, company_name: companyName, product_code: 'RO-1' });
    expectError(
      await api('PUT', `/api/products/${id}`, { body: { popularity: 3, colour: 'blue' } }),
      400,
      'Bad Request: Missing parameters',
    );
  });

  it("company_name is the company's current name: after moving the product, and after renaming the company", async () => {
    const otherName = `Other ${uid()}`;
    const other = await createStore({ company: otherName });
    const id = await createProduct({ company_id: company });
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { company_id: other } }), 200);
    expect(await product(id)).toMatchObject({
      company_id: String(other),
      company_name: otherName,
      shared_between_companies: [String(other)],
    });
    expect(await listIds(`company_id=${other}`)).toEqual([id]);

    const sibling = await createProduct({ company_id: other });
    const before = await product(id);
    expectStatus(await api('PUT', `/api/stores/${other}`, { body: { company: `${otherName} (renamed)` } }), 200);
    expect((await product(id)).company_name).toBe(`${otherName} (renamed)`);
    expect((await product(sibling)).company_name).toBe(`${otherName} (renamed)`);
    // Nothing else about the product changed, and other companies' products keep their name.
    expect(await product(id)).toEqual({ ...before, company_name: `${otherName} (renamed)` });
    expect((await product(await createProduct({ company_id: company }))).company_name).toBe(companyName);
    expectStatus(await api('PUT', `/api/vendors/${other}`, { body: { company: `${otherName} (again)` } }), 200);
    expect((await product(id)).company_name).toBe(`${otherName} (again)`);
  });
});
