/**
 * Products (SPEC §10; cscart-entities.md "products") over real HTTP, as the bootstrap root: POST, GET, PUT and
 * DELETE, every recorded field in its recorded JSON type (list rows and the single object differ), exact decimals,
 * form-encoded bodies, unknown ids. Each test works in the company this file created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, expectNestedShape, expectShape, getOk, idsOf, jsonType } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import {
  createProductsCompany,
  fieldsOf,
  listIds,
  PRICE_ROW,
  PRODUCT_FEATURE_VALUE,
  PRODUCT_FIELDS,
  product,
  sleep,
} from './catalog-products-fixtures.js';

let company: number;
let companyName: string;
let cat1: number;
let cat2: number;
let feature: number;
let variant: string;
beforeAll(async () => {
  ({ company, companyName, cat1, cat2, feature, variant } = await createProductsCompany());
});

describe('POST, GET, PUT, DELETE /products', () => {
  it('POST with every writable field → 201 {"product_id": N}; GET and the list row show every recorded field in its type', async () => {
    const name = `100g Pants ${uid()}`;
    const body = {
      product: name,
      price: 30,
      list_price: '31',
      amount: 10,
      product_code: 'U0012O5AF0',
      status: 'A',
      company_id: company,
      category_ids: [cat1, cat2],
      main_category: cat2,
      weight: 1.5,
      length: 3,
      width: 4,
      height: 5,
      shipping_freight: '2.5',
      low_avail_limit: 1,
      is_edp: 'Y',
      edp_shipping: 'Y',
      unlimited_download: 'Y',
      tracking: 'D',
      free_shipping: 'Y',
      zero_price_action: 'P',
      is_pbp: 'N',
      is_op: 'Y',
      is_oper: 'Y',
      is_returnable: 'N',
      return_period: 14,
      avail_since: 1328558400,
      out_of_stock_actions: 'B',
      min_qty: 1,
      max_qty: 5,
      qty_step: 1,
      list_qty_count: 3,
      tax_ids: [6],
      age_verification: 'Y',
      age_limit: 18,
      options_type: 'S',
      exceptions_type: 'A',
      details_layout: 'default',
      show_videos_before_images: 'Y',
      autoplay_videos: 'Y',
      units_in_product: 2,
      show_price_per_x_units: '1',
      shortname: 'Pants',
      short_description: 'Short',
      full_description: '<p>When coach calls</p>',
      meta_keywords: 'pants',
      meta_description: 'Pants',
      search_words: 'trousers',
      page_title: 'Pants!',
      age_warning_message: 'Adults',
      promo_text: '<p>Promo</p>',
      unit_name: 'pair',
      product_features: { [feature]: variant },
    };
    const response = await api('POST', '/api/products', { body });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['product_id']);
    const id = response.json.product_id;
    expect(Number.isInteger(id)).toBe(true);

    const single = await product(id);
    expectShape(single, PRODUCT_FIELDS, 'single');
    expect(single).toMatchObject({
      product_id: id,
      product: name,
      price: '30.00',
      list_price: '31.00',
      base_price: '30.00',
      amount: '10',
      product_code: 'U0012O5AF0',
      company_id: String(company),
      company_name: companyName,
      category_ids: [String(cat1), String(cat2)],
      main_category: cat2,
      weight: '1.500',
      length: '3',
      shipping_freight: '2.50',
      is_edp: 'Y',
      tracking: 'D',
      free_shipping: 'Y',
      zero_price_action: 'P',
      return_period: '14',
      avail_since: '1328558400',
      tax_ids: ['6'],
      age_limit: '18',
      units_in_product: '2.000',
      show_price_per_x_units: '1.000',
      full_description: '<p>When coach calls</p>',
      unit_name: 'pair',
      shared_between_companies: [String(company)],
      lang_code: 'en',
    });
    expect(single.prices.length).toBeGreaterThan(0);
    for (const row of single.prices) expectNestedShape(row, PRICE_ROW, 'prices[]');
    expect(Object.keys(single.product_features)).toEqual([String(feature)]);
    expectNestedShape(single.product_features[feature], PRODUCT_FEATURE_VALUE, 'product_features value');
    expect(single.product_features[feature]).toMatchObject({
      feature_id: String(feature),
      variant_id: variant,
      variant: 'Red',
      feature_type: 'S',
    });

    const list = await getOk(`/api/products?company_id=${company}&q=${encodeURIComponent(name)}`);
    expect(idsOf(list, 'products', 'product_id')).toEqual([id]);
    const row = list.products[0];
    expectShape(row, PRODUCT_FIELDS, 'list');
    expect(row).toMatchObject({
      product_id: String(id),
      category_ids: [cat1, cat2],
      tax_ids: '6',
      main_category: cat2,
      price: '30.00',
      company_id: String(company),
    });
    expectNestedShape(row.product_features[feature], PRODUCT_FEATURE_VALUE, 'list product_features value');
    // Fields both views show carry the same value.
    for (const [field, [listType, singleType]] of Object.entries(PRODUCT_FIELDS)) {
      if (listType === singleType && listType !== '—') expect(row[field], field).toEqual(single[field]);
    }
  });

  it('a minimal POST (price only) shows every recorded field in the same JSON types, defaults filled in', async () => {
    const full = await product(await createProduct({ company_id: company, category_ids: [cat1], tax_ids: [6] }));
    const id = await createProduct({}, 'admin');
    const single = await product(id);
    for (const [field, [, type]] of Object.entries(PRODUCT_FIELDS)) {
      if (type === '—') expect(single, field).not.toHaveProperty(field);
      else expect(jsonType(single[field]), field).toBe(jsonType(full[field]));
    }
    expectShape(single, { ...PRODUCT_FIELDS, tax_ids: ['str', 'array(empty)'] }, 'single');
    // CS-Cart's defaults of a create: the first store, and that store's default category (hidden, made on first need).
    const firstStore = Number((await getOk('/api/stores?items_per_page=1')).stores[0].company_id);
    const defaultCategory = Number(single.category_ids[0]);
    expect(single.category_ids.map(Number)).toEqual([defaultCategory]);
    expect(await getOk(`/api/categories/${defaultCategory}`)).toMatchObject({
      company_id: String(firstStore),
      status: 'H',
      is_default: 'Y',
      parent_id: '0',
    });
    expect(single).toMatchObject({
      price: '10.00',
      base_price: '10.00',
      list_price: '0.00',
      weight: '0.000',
      amount: '0',
      status: 'A',
      company_id: String(firstStore),
      main_category: defaultCategory,
      tax_ids: [],
      product_features: {},
      product_type: 'P',
      tracking: 'B',
      is_returnable: 'Y',
      show_price_per_x_units: '1.000',
    });
    const row = (await getOk(`/api/products?q=${encodeURIComponent(single.product)}`)).products[0];
    expect(row.tax_ids).toBe('');
    expect(row.category_ids.map(Number)).toEqual([defaultCategory]);
    expect(row.product_id).toBe(String(id));
  });

  it('prices are exact decimals with the recorded places, never binary floats', async () => {
    const id = await createProduct({ price: 0.1, list_price: '1234567.895', weight: '0.1', shipping_freight: 19.99 });
    expect(await product(id)).toMatchObject({
      price: '0.10',
      list_price: '1234567.90',
      weight: '0.100',
      shipping_freight: '19.99',
    });
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { price: '1.005' } }), 200);
    expect((await product(id)).price).toBe('1.01');
  });

  it('PUT → 200 {"product_id": N}; only the fields sent change; updated_timestamp moves', async () => {
    const id = await createProduct({ company_id: company, category_ids: [cat1] });
    const before = await product(id);
    await sleep(1100);
    const response = await api('PUT', `/api/products/${id}`, { body: { product: 'Renamed', price: 13.75, amount: 7 } });
    expectStatus(response, 200);
    expect(response.json).toEqual({ product_id: id });
    const after = await product(id);
    expect(Number(after.updated_timestamp)).toBeGreaterThan(Number(before.updated_timestamp));
    expect(after).toEqual({
      ...before,
      product: 'Renamed',
      price: '13.75',
      base_price: '13.75',
      amount: '7',
      updated_timestamp: after.updated_timestamp,
      prices: after.prices,
    });
    expect(after.prices.map((row: { price: string }) => row.price)).toEqual(['13.75']);
  });

  it('PUT category_ids moves main_category with them; main_category must be one of them', async () => {
    const id = await createProduct({ company_id: company, category_ids: [cat1, cat2] });
    expect((await product(id)).main_category).toBe(cat1);
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { main_category: cat2 } }), 200);
    expect((await product(id)).main_category).toBe(cat2);
    const bad = await api('PUT', `/api/products/${id}`, { body: { main_category: 999999 } });
    expectError(bad, 400);
    expect(fieldsOf(bad)).toEqual(['main_category']);
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { category_ids: `${cat2}` } }), 200);
    expect(await product(id)).toMatchObject({ category_ids: [String(cat2)], main_category: cat2 });
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { category_ids: [] } }), 200);
    expect(await product(id)).toMatchObject({ category_ids: [], main_category: 0 });
  });

  it('DELETE → 204 with an empty body; then GET, PUT and DELETE → 404', async () => {
    const id = await createProduct({ company_id: company });
    const response = await api('DELETE', `/api/products/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `/api/products/${id}`), 404);
    expectError(await api('PUT', `/api/products/${id}`, { body: { price: 1 } }), 404);
    expectError(await api('DELETE', `/api/products/${id}`), 404);
    expectError(await api('GET', `/api/products/${id}/features`), 404);
    expect(await listIds(`company_id=${company}&items_per_page=250`)).not.toContain(id);
  });

  it('unknown and non-numeric ids → 404 for GET, PUT, DELETE and /features', async () => {
    for (const id of ['999999999', 'abc', '12abc', '0', '-5', '1e3']) {
      expectError(await api('GET', `/api/products/${id}`), 404);
      expectError(await api('PUT', `/api/products/${id}`, { body: { price: 1 } }), 404);
      expectError(await api('DELETE', `/api/products/${id}`), 404);
      expectError(await api('GET', `/api/products/${id}/features`), 404);
    }
  });

  it('a form-encoded body (no Content-Type) works too: category_ids[] is a list', async () => {
    const name = `Form ${uid()}`;
    const body = `product=${encodeURIComponent(name)}&price=12.5&company_id=${company}&category_ids[]=${cat1}&category_ids[]=${cat2}&amount=4`;
    const response = await api('POST', '/api/products', { body });
    expectStatus(response, 201);
    expect(await product(response.json.product_id)).toMatchObject({
      product: name,
      price: '12.50',
      amount: '4',
      company_id: String(company),
      category_ids: [String(cat1), String(cat2)],
    });
  });

  it('an unknown id is a 404 before the body is validated (SPEC §1 order)', async () => {
    expectError(await api('PUT', '/api/products/999999999', { body: { price: 'abc', status: 'X' } }), 404);
    expectError(await api('PUT', '/api/categories/999999999', { body: { position: 'abc' } }), 404);
    expectError(await api('PUT', '/api/features/999999999', { body: { feature_type: 'X' } }), 404);
    expectError(await api('PUT', '/api/stores/999999999', { body: { status: 'X' } }), 404);
  });
});
