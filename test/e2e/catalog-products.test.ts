/**
 * Products (SPEC §10; cscart-entities.md "products") over real HTTP, as the bootstrap root: every recorded
 * field in its recorded JSON type (list rows and the single object differ), the answers, validation,
 * references, every filter and sort, paging. Each test works in a company it created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createFeature,
  createProduct,
  createStore,
  expectNestedShape,
  expectShape,
  type FieldTable,
  getOk,
  idsOf,
  jsonType,
  type WireType,
} from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

/** cscart-entities.md "products" field table (#3 list, #4 single), with the recorded number of decimals. */
const PRODUCT_FIELDS: FieldTable = {
  min_items_in_box: ['—', 'int'],
  max_items_in_box: ['—', 'int'],
  box_length: ['—', 'int'],
  box_width: ['—', 'int'],
  box_height: ['—', 'int'],
  product_id: ['str(int)', 'int'],
  product_code: ['str', 'str'],
  product_type: ['str', 'str'],
  status: ['str', 'str'],
  company_id: ['str(int)', 'str(int)'],
  list_price: ['str(dec2)', 'str(dec2)'],
  amount: ['str(int)', 'str(int)'],
  weight: ['str(dec3)', 'str(dec3)'],
  length: ['str(int)', 'str(int)'],
  width: ['str(int)', 'str(int)'],
  height: ['str(int)', 'str(int)'],
  shipping_freight: ['str(dec2)', 'str(dec2)'],
  low_avail_limit: ['str(int)', 'str(int)'],
  timestamp: ['str(int)', 'str(int)'],
  updated_timestamp: ['str(int)', 'str(int)'],
  usergroup_ids: ['str(int)', 'str(int)'],
  is_edp: ['str', 'str'],
  edp_shipping: ['str', 'str'],
  unlimited_download: ['str', 'str'],
  tracking: ['str', 'str'],
  free_shipping: ['str', 'str'],
  zero_price_action: ['str', 'str'],
  is_pbp: ['str', 'str'],
  is_op: ['str', 'str'],
  is_oper: ['str', 'str'],
  is_returnable: ['str', 'str'],
  return_period: ['str(int)', 'str(int)'],
  avail_since: ['str(int)', 'str(int)'],
  out_of_stock_actions: ['str', 'str'],
  localization: ['str', 'str'],
  min_qty: ['str(int)', 'str(int)'],
  max_qty: ['str(int)', 'str(int)'],
  qty_step: ['str(int)', 'str(int)'],
  list_qty_count: ['str(int)', 'str(int)'],
  tax_ids: ['str(int)', 'array<str(int)>'],
  age_verification: ['str', 'str'],
  age_limit: ['str(int)', 'str(int)'],
  options_type: ['str', 'str'],
  exceptions_type: ['str', 'str'],
  details_layout: ['str', 'str'],
  shipping_params: ['str', 'str'],
  show_videos_before_images: ['str', 'str'],
  autoplay_videos: ['str', 'str'],
  facebook_obj_type: ['str', 'str'],
  parent_product_id: ['str(int)', 'str(int)'],
  buy_now_url: ['str', 'str'],
  units_in_product: ['str(dec3)', 'str(dec3)'],
  show_price_per_x_units: ['str(dec3)', 'str(dec3)'],
  lang_code: ['—', 'str'],
  product: ['str', 'str'],
  shortname: ['—', 'str'],
  short_description: ['—', 'str'],
  full_description: ['—', 'str'],
  meta_keywords: ['—', 'str'],
  meta_description: ['—', 'str'],
  search_words: ['—', 'str'],
  page_title: ['—', 'str'],
  age_warning_message: ['—', 'str'],
  promo_text: ['—', 'str'],
  unit_name: ['str', 'str'],
  price: ['str(dec2)', 'str(dec2)'],
  category_ids: ['array<int>', 'array<str(int)>'],
  popularity: ['—', 'str(int)'],
  company_name: ['—', 'str'],
  sales_amount: ['—', 'null'],
  point_price: ['—', 'null'],
  discussion_type: ['—', 'null'],
  average_rating: ['—', 'null'],
  product_reviews_count: ['—', 'null'],
  base_price: ['str(dec2)', 'str(dec2)'],
  main_category: ['int', 'int'],
  image_pairs: ['—', 'array(empty)'],
  main_pair: ['object', 'object'],
  prices: ['—', 'array<object>'],
  shared_product: ['—', 'str'],
  product_features: ['object{id}', 'object{id}'],
  options_type_raw: ['null', 'null'],
  exceptions_type_raw: ['null', 'null'],
  tracking_raw: ['null', 'null'],
  zero_price_action_raw: ['null', 'null'],
  min_qty_raw: ['null', 'null'],
  max_qty_raw: ['null', 'null'],
  qty_step_raw: ['null', 'null'],
  list_qty_count_raw: ['null', 'null'],
  details_layout_raw: ['str', 'str'],
  show_videos_before_images_raw: ['str', 'str'],
  autoplay_videos_raw: ['str', 'str'],
  detailed_params: ['—', 'object'],
  shared_between_companies: ['—', 'array<str(int)>'],
  have_required: ['—', 'str'],
  selected_options: ['array(empty)', 'array(empty)'],
  variation_features: ['array(empty)', 'array(empty)'],
  has_options: ['bool', 'bool'],
  product_options: ['array(empty)', 'array(empty)'],
  list_discount: ['int', 'int'],
  list_discount_prc: ['str(int)', 'str(int)'],
  discounts: ['object', 'object'],
  qty_content: ['array(empty)', 'array(empty)'],
};

/** `prices[]` of the single object (cscart-entities.md, products, "Nested shapes"). */
const PRICE_ROW: Record<string, WireType> = {
  product_id: 'str(int)',
  lower_limit: 'str(int)',
  usergroup_id: 'str(int)',
  percentage_discount: 'str(dec)',
  price: 'str(dec)',
};

/** A `product_features` value (cscart-entities.md, products, "Nested shapes"). */
const PRODUCT_FEATURE_VALUE: Record<string, WireType> = {
  feature_id: 'str(int)',
  value: 'str',
  value_int: 'null',
  variant_id: 'str(int)',
  feature_type: 'str',
  internal_name: 'str',
  description: 'str',
  prefix: 'str',
  suffix: 'str',
  variant: 'str',
  parent_id: 'str(int)',
  display_on_header: 'str',
  display_on_catalog: 'str',
  display_on_product: 'str',
  feature_code: 'str',
  purpose: 'str',
  features_hash: 'str',
  variants: 'object{id}',
};

const product = (id: number) => getOk(`/api/products/${id}`);
const listIds = async (query: string) => idsOf(await getOk(`/api/products?${query}`), 'products', 'product_id');
const fieldsOf = (response: { json: { errors?: Array<{ field: string }> } }) =>
  response.json.errors?.map((e) => e.field);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let company: number;
let companyName: string;
let cat1: number;
let cat2: number;
let feature: number;
let variant: string;
beforeAll(async () => {
  companyName = `Products Co ${uid()}`;
  company = await createStore({ company: companyName });
  [cat1, cat2] = [await createCategory(company), await createCategory(company)];
  feature = await createFeature(company, { feature_type: 'S', variants: [{ variant: 'Red' }, { variant: 'Blue' }] });
  variant = Object.keys((await getOk(`/api/features/${feature}`)).variants)[0]!;
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
        prices: [{ price: '1.00' }],
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
