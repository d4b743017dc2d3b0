/**
 * Product features with variants (SPEC §10; cscart-entities.md "features") over real HTTP, as the bootstrap
 * root: recorded field types per view, answers, validation, variants, filters, sorts, paging; products'
 * `product_features` naming features and variants; /products/:id/features; no delete of a feature in use.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFeature,
  createProduct,
  createStore,
  createVia,
  expectNestedShape,
  expectShape,
  type FieldTable,
  getOk,
  idsOf,
  type WireType,
} from '../support/catalog.js';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

/** cscart-entities.md "features" field table (#247 list, #248 single). */
const FEATURE_FIELDS: FieldTable = {
  feature_id: ['str(int)', 'str(int)'],
  feature_code: ['str', 'str'],
  company_id: ['str(int)', 'str(int)'],
  feature_type: ['str', 'str'],
  parent_id: ['str(int)', 'str(int)'],
  display_on_product: ['str', 'str'],
  display_on_catalog: ['str', 'str'],
  display_on_header: ['str', 'str'],
  description: ['str', 'str'],
  internal_name: ['str', 'str'],
  lang_code: ['str', 'str'],
  prefix: ['str', 'str'],
  suffix: ['str', 'str'],
  categories_path: ['str', 'str'],
  full_description: ['str', 'str'],
  status: ['str', 'str'],
  comparison: ['str', 'str'],
  position: ['str(int)', 'str(int)'],
  purpose: ['str', 'str'],
  feature_style: ['str', 'str'],
  filter_style: ['str', 'str'],
  variants: ['—', 'object{id}'],
  timestamp: ['str(int)', '—'],
  updated_timestamp: ['str(int)', '—'],
  group_position: ['null', '—'],
};

/** A `variants{}` item (cscart-entities.md "features"). */
const VARIANT: Record<string, WireType> = {
  variant_id: 'str(int)',
  variant: 'str',
  description: 'str',
  page_title: 'str',
  meta_keywords: 'str',
  meta_description: 'str',
  lang_code: 'str',
  feature_id: 'str(int)',
  url: 'str',
  color: 'null',
  position: 'str(int)',
  image_pair: 'object',
};

/** The product-specific keys of a `/products/:id/features` row (cscart-entities.md, features, #13). */
const PRODUCT_FEATURE_ROW: FieldTable = {
  ...FEATURE_FIELDS,
  value: ['str', 'str'],
  variant_id: ['str(int)', 'str(int)'],
  value_int: ['null', 'null'],
  variants: ['object{id}', 'object{id}'],
  use_variant_picker: ['bool', 'bool'],
};

const feature = (id: number) => getOk(`/api/features/${id}`);
const fieldsOf = (response: { json: { errors?: Array<{ field: string }> } }) =>
  response.json.errors?.map((e) => e.field);
const variantIds = async (id: number) => Object.keys((await feature(id)).variants);

let company: number;
beforeAll(async () => {
  company = await createStore();
});

describe('POST, GET, PUT, DELETE /features', () => {
  it('POST → 201 {"feature_id": N}; GET shows every recorded field and the variants keyed by id; the list row its own set', async () => {
    const description = `Brand ${uid()}`;
    const body = {
      feature_type: 'E',
      description,
      company_id: company,
      feature_code: 'BR',
      status: 'A',
      purpose: 'organize_catalog',
      feature_style: 'brand',
      filter_style: 'checkbox',
      display_on_product: 'N',
      display_on_catalog: 'N',
      display_on_header: 'Y',
      internal_name: 'Brand',
      prefix: '<',
      suffix: '>',
      comparison: 'Y',
      position: 3,
      full_description: 'Who made it',
      variants: [{ variant: 'Acme', description: 'The Acme company' }, { variant: 'Globex' }],
    };
    const response = await api('POST', '/api/features', { body });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['feature_id']);
    const id = response.json.feature_id;
    expect(Number.isInteger(id)).toBe(true);

    const single = await feature(id);
    expectShape(single, FEATURE_FIELDS, 'single');
    expect(single).toMatchObject({
      feature_id: String(id),
      feature_code: 'BR',
      company_id: String(company),
      feature_type: 'E',
      parent_id: '0',
      description,
      internal_name: 'Brand',
      display_on_header: 'Y',
      display_on_product: 'N',
      comparison: 'Y',
      position: '3',
      purpose: 'organize_catalog',
      feature_style: 'brand',
      prefix: '<',
      suffix: '>',
      full_description: 'Who made it',
    });
    const variants = Object.values(single.variants) as Array<Record<string, unknown>>;
    expect(variants.map((v) => v.variant)).toEqual(['Acme', 'Globex']);
    for (const [key, value] of Object.entries(single.variants)) {
      expectNestedShape(value, VARIANT, `variants[${key}]`);
      expect(value).toMatchObject({ variant_id: key, feature_id: String(id) });
    }
    expect(variants[0]).toMatchObject({ description: 'The Acme company', position: '0' });

    const list = await getOk(`/api/features?company_id=${company}&description=${encodeURIComponent(description)}`);
    expect(idsOf(list, 'features', 'feature_id')).toEqual([id]);
    expectShape(list.features[0], FEATURE_FIELDS, 'list');
    expect(Math.abs(Number(list.features[0].timestamp) - Date.now() / 1000)).toBeLessThan(120);
    for (const [field, [listType, singleType]] of Object.entries(FEATURE_FIELDS)) {
      if (listType !== '—' && singleType !== '—') expect(list.features[0][field], field).toEqual(single[field]);
    }
  });

  it('a minimal POST shows every recorded field with defaults, variants an empty object', async () => {
    const id = await createFeature(company, { feature_type: 'T' });
    const single = await feature(id);
    expectShape(single, FEATURE_FIELDS, 'single');
    expect(single).toMatchObject({ feature_type: 'T', status: 'A', parent_id: '0', position: '0', variants: {} });
  });

  it('PUT → 200 {"feature_id": "N"} (a string, as recorded); only the fields sent change (company_id too)', async () => {
    const id = await createFeature(company, { variants: [{ variant: 'Red' }] });
    const before = await feature(id);
    const response = await api('PUT', `/api/features/${id}`, {
      body: { description: 'Renamed', status: 'H', position: 4 },
    });
    expectStatus(response, 200);
    expect(response.json).toEqual({ feature_id: String(id) });
    expect(await feature(id)).toEqual({ ...before, description: 'Renamed', status: 'H', position: '4' });
  });

  it('PUT variants replaces them: a sent variant_id keeps its id, new ones get new ids, the rest go', async () => {
    const id = await createFeature(company, {
      variants: [{ variant: 'Red' }, { variant: 'Green' }, { variant: 'Blue' }],
    });
    const [red, green, blue] = await variantIds(id);
    const response = await api('PUT', `/api/features/${id}`, {
      body: {
        variants: [
          { variant_id: Number(green), variant: 'Lime' },
          { variant: 'Black' },
          { variant_id: 999999, variant: 'Forged id' },
        ],
      },
    });
    expectStatus(response, 200);
    const variants = (await feature(id)).variants as Record<string, Record<string, string>>;
    const ids = Object.keys(variants);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(green);
    expect(ids).not.toContain(red);
    expect(ids).not.toContain(blue);
    expect(ids).not.toContain('999999');
    expect(variants[green!]).toMatchObject({ variant_id: green, variant: 'Lime', feature_id: String(id) });
    expect(
      Object.values(variants)
        .map((v) => v.variant)
        .sort(),
    ).toEqual(['Black', 'Forged id', 'Lime']);
    for (const value of Object.values(variants)) expectNestedShape(value, VARIANT, 'variant');
  });

  it('DELETE → 204 with an empty body; then GET, PUT and DELETE → 404', async () => {
    const id = await createFeature(company);
    const response = await api('DELETE', `/api/features/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `/api/features/${id}`), 404);
    expectError(await api('PUT', `/api/features/${id}`, { body: { description: 'x' } }), 404);
    expectError(await api('DELETE', `/api/features/${id}`), 404);
  });

  it('unknown and non-numeric ids → 404 for GET, PUT and DELETE', async () => {
    for (const id of ['999999999', 'abc', '5b', '0', '-1']) {
      expectError(await api('GET', `/api/features/${id}`), 404);
      expectError(await api('PUT', `/api/features/${id}`, { body: { description: 'x' } }), 404);
      expectError(await api('DELETE', `/api/features/${id}`), 404);
    }
  });

  it('required: feature_type, then description, then the store (company_id), every missing one in errors', async () => {
    const required = (field: string) => ({ field, message: `The ${field} field is required` });
    const none = await api('POST', '/api/features', { body: { status: 'A' } });
    expectError(none, 400, 'Bad Request: The feature_type field is required');
    expect(none.json.errors).toEqual([required('feature_type'), required('description'), required('company_id')]);
    const noType = await api('POST', '/api/features', { body: { description: 'ZZ', company_id: company } });
    expectError(noType, 400, 'Bad Request: The feature_type field is required');
    expect(noType.json.errors).toEqual([required('feature_type')]);
    const noDescription = await api('POST', '/api/features', { body: { feature_type: 'S', company_id: company } });
    expectError(noDescription, 400, 'Bad Request: The description field is required');
    expect(noDescription.json.errors).toEqual([required('description')]);
    const noStore = await api('POST', '/api/features', { body: { feature_type: 'S', description: 'ZZ' } });
    expectError(noStore, 400, 'Bad Request: The company_id field is required');
    expect(noStore.json.errors).toEqual([required('company_id')]);
    const typeAndStore = await api('POST', '/api/features', { body: { description: 'ZZ' } });
    expectError(typeAndStore, 400, 'Bad Request: The feature_type field is required');
    expect(typeAndStore.json.errors).toEqual([required('feature_type'), required('company_id')]);
    const storeZero = await api('POST', '/api/features', {
      body: { feature_type: 'S', description: 'ZZ', company_id: 0 },
    });
    expectError(storeZero, 400);
    expect(fieldsOf(storeZero)).toEqual(['company_id']);
    expectError(await api('POST', '/api/features', { body: {} }), 400, 'Bad Request: Missing parameters');
  });

  it('values outside the allowed ones, malformed numbers and bad variants → 400 naming the field, nothing written', async () => {
    const description = `Invalid ${uid()}`;
    for (const [field, value] of [
      ['feature_type', 'X'],
      ['feature_type', 's'],
      ['status', 'Z'],
      ['display_on_product', 'maybe'],
      ['comparison', 'yes'],
      ['position', 'first'],
      ['position', -1],
      ['parent_id', 'x'],
      ['company_id', 'acme'],
      ['variants', 'Red'],
      ['variants', [{ description: 'no name' }]],
      ['variants', [{ variant: '' }]],
      ['variants', [{ variant: 'x'.repeat(256) }]],
    ] as const) {
      const response = await api('POST', '/api/features', {
        body: { feature_type: 'S', description, company_id: company, [field]: value },
      });
      expectError(response, 400);
      expect(fieldsOf(response), `${field}=${JSON.stringify(value)}`).toEqual([field]);
    }
    expect((await getOk(`/api/features?description=${encodeURIComponent(description)}`)).features).toEqual([]);
  });

  it('an unknown company_id → 400 naming it, nothing written', async () => {
    const description = `Dangling ${uid()}`;
    const response = await api('POST', '/api/features', {
      body: { feature_type: 'S', description, company_id: 999999999 },
    });
    expectError(response, 400);
    expect(response.json.message).toMatch(/company_id/);
    expect(fieldsOf(response)).toEqual(['company_id']);
    expect((await getOk(`/api/features?description=${encodeURIComponent(description)}`)).features).toEqual([]);
    const id = await createFeature(company);
    const put = await api('PUT', `/api/features/${id}`, { body: { company_id: 999999999 } });
    expectError(put, 400);
    expect(fieldsOf(put)).toEqual(['company_id']);
    expect((await feature(id)).company_id).toBe(String(company));
  });

  it('unknown keys and read-only fields are ignored', async () => {
    const response = await api('POST', '/api/features', {
      body: {
        feature_type: 'S',
        description: `Read-only ${uid()}`,
        company_id: company,
        feature_id: 1,
        lang_code: 'fr',
        timestamp: 1,
        group_position: 4,
        category_id: 3,
        colour: 'red',
      },
    });
    expectStatus(response, 201);
    const id = response.json.feature_id;
    expect(id).not.toBe(1);
    const single = await feature(id);
    expect(single).toMatchObject({ feature_id: String(id), lang_code: 'en' });
    expect(single).not.toHaveProperty('colour');
    expect(single).not.toHaveProperty('category_id');
    const row = (
      await getOk(`/api/features?company_id=${company}&description=${encodeURIComponent(single.description)}`)
    ).features[0];
    expect(row.group_position).toBeNull();
    expect(Number(row.timestamp)).toBeGreaterThan(1);
    expectStatus(
      await api('PUT', `/api/features/${id}`, {
        body: { feature_id: 2, lang_code: 'de', colour: 'blue', suffix: 'cm' },
      }),
      200,
    );
    expect(await feature(id)).toEqual({ ...single, suffix: 'cm' });
    expectError(
      await api('PUT', `/api/features/${id}`, { body: { lang_code: 'de' } }),
      400,
      'Bad Request: Missing parameters',
    );
  });
});

describe('GET /features: filters, sorts, paging', () => {
  let own: number;
  let f: number[];
  beforeAll(async () => {
    own = await createStore();
    const tag = uid();
    f = [
      await createFeature(own, {
        feature_type: 'S',
        description: `Colour ${tag}`,
        status: 'A',
        position: 20,
        feature_code: `C-${tag}`,
        purpose: 'find_products',
      }),
      await createFeature(own, {
        feature_type: 'T',
        description: `brand ${tag}`,
        status: 'H',
        position: 10,
        purpose: 'organize_catalog',
      }),
      await createFeature(own, {
        feature_type: 'S',
        description: `Size ${tag}`,
        status: 'D',
        position: 30,
        purpose: 'find_products',
      }),
    ];
  });
  const ids = async (query: string) =>
    idsOf(await getOk(`/api/features?company_id=${own}&${query}`), 'features', 'feature_id');

  it('filters by feature_types, status, company_id, feature_code, purpose, description', async () => {
    expect(await ids('')).toEqual(f);
    expect(await ids('feature_types=S')).toEqual([f[0], f[2]]);
    expect(await ids('feature_types=T')).toEqual([f[1]]);
    expect(await ids('status=H')).toEqual([f[1]]);
    expect(await ids('feature_types=S&status=D')).toEqual([f[2]]);
    expect(await ids(`feature_code=${(await feature(f[0]!)).feature_code}`)).toEqual([f[0]]);
    expect(await ids('purpose=organize_catalog')).toEqual([f[1]]);
    expect(await ids('description=BRAND')).toEqual([f[1]]);
    for (const query of ['feature_types=X', 'status=Q', 'company_id=x']) {
      expectError(await api('GET', `/api/features?${query}`), 400);
    }
  });

  it("variants=true (the recording's #261) puts each row's variants into the list, as the single object shows them; off by default", async () => {
    const withVariants = await createFeature(own, {
      feature_type: 'S',
      description: `Shade ${uid()}`,
      variants: [{ variant: 'Light' }, { variant: 'Dark' }],
    });
    const single = await getOk(`/api/features/${withVariants}`);
    for (const on of ['true', 'Y', '1']) {
      const rows = (await getOk(`/api/features?company_id=${own}&feature_types=S&variants=${on}`)).features as Array<
        Record<string, any>
      >;
      expect(rows.map((row) => row.feature_id)).toContain(String(withVariants));
      for (const row of rows)
        expect(row.variants, `variants=${on}`).toEqual((await getOk(`/api/features/${row.feature_id}`)).variants);
      expect(rows.find((row) => row.feature_id === String(withVariants))!.variants).toEqual(single.variants);
    }
    for (const off of ['', 'variants=false', 'variants=N']) {
      const rows = (await getOk(`/api/features?company_id=${own}&${off}`)).features as Array<Record<string, any>>;
      for (const row of rows) expect(row, off || 'no switch').not.toHaveProperty('variants');
    }
    expectError(
      await api('GET', '/api/features?variants=maybe'),
      400,
      'Bad Request: The variants field must be true or false',
    );
    expectStatus(await api('DELETE', `/api/features/${withVariants}`), 204);
  });

  it('sorts by position, name, status, id; pages with total_items and an empty page past the end', async () => {
    expect(await ids('sort_by=position')).toEqual([f[1], f[0], f[2]]);
    expect(await ids('sort_by=position&sort_order=desc')).toEqual([f[2], f[0], f[1]]);
    expect(await ids('sort_by=name')).toEqual([f[1], f[0], f[2]]);
    expect(await ids('sort_by=name&sort_order=desc')).toEqual([f[2], f[0], f[1]]);
    expect(await ids('sort_by=status')).toEqual([f[0], f[2], f[1]]);
    expect(await ids('sort_by=id&sort_order=desc')).toEqual([f[2], f[1], f[0]]);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = await getOk(`/api/features?company_id=${own}&items_per_page=2&page=${page}`);
      expect(body.params).toMatchObject({ page, items_per_page: 2, total_items: 3 });
      expect(body.search).toEqual(body.params);
      pages.push(idsOf(body, 'features', 'feature_id'));
    }
    expect(pages).toEqual([[f[0], f[1]], [f[2]], []]);
  });
});

describe('product_features and /products/:id/features', () => {
  let select: number;
  let text: number;
  let red: string;
  let blue: string;
  let otherVariant: string;
  beforeAll(async () => {
    select = await createFeature(company, { feature_type: 'S', variants: [{ variant: 'Red' }, { variant: 'Blue' }] });
    text = await createFeature(company, { feature_type: 'T', prefix: 'approx. ' });
    [red, blue] = (await variantIds(select)) as [string, string];
    const other = await createFeature(company, { feature_type: 'M', variants: [{ variant: 'Cotton' }] });
    [otherVariant] = (await variantIds(other)) as [string];
  });

  it('a product names a variant of a select feature and a value of a text feature; GET shows both', async () => {
    const id = await createProduct({ company_id: company, product_features: { [select]: red, [text]: '42 cm' } });
    const features = (await getOk(`/api/products/${id}`)).product_features;
    expect(Object.keys(features).sort()).toEqual([String(select), String(text)].sort());
    expect(features[select]).toMatchObject({
      feature_id: String(select),
      feature_type: 'S',
      variant_id: red,
      variant: 'Red',
      value: '',
    });
    expect(Object.keys(features[select].variants)).toEqual([red]);
    expect(features[text]).toMatchObject({
      feature_id: String(text),
      feature_type: 'T',
      value: '42 cm',
      variant_id: '0',
      prefix: 'approx. ',
    });

    expectStatus(
      await api('PUT', `/api/products/${id}`, { body: { product_features: { [select]: Number(blue) } } }),
      200,
    );
    const changed = (await getOk(`/api/products/${id}`)).product_features;
    expect(Object.keys(changed)).toEqual([String(select)]);
    expect(changed[select]).toMatchObject({ variant_id: blue, variant: 'Blue' });
  });

  it('an unknown feature, a variant the feature lacks, or a bad value → 400 naming product_features, nothing written', async () => {
    const name = `Bad features ${uid()}`;
    for (const productFeatures of [
      { 999999999: red },
      { [select]: '999999999' },
      { [select]: otherVariant },
      { [select]: 'Red' },
      { [text]: { nested: true } },
      { [text]: 'x'.repeat(256) },
      { abc: red },
    ]) {
      const response = await api('POST', '/api/products', {
        body: { product: name, price: 1, company_id: company, product_features: productFeatures },
      });
      expectError(response, 400);
      expect(response.json.message, JSON.stringify(productFeatures)).toMatch(/product_features/);
      expect(fieldsOf(response)).toEqual(['product_features']);
    }
    expect((await getOk(`/api/products?q=${encodeURIComponent(name)}`)).products).toEqual([]);

    const id = await createProduct({ company_id: company, product_features: { [select]: red } });
    const before = await getOk(`/api/products/${id}`);
    const put = await api('PUT', `/api/products/${id}`, { body: { product_features: { 999999999: red } } });
    expectError(put, 400);
    expect(fieldsOf(put)).toEqual(['product_features']);
    expect(await getOk(`/api/products/${id}`)).toEqual(before);
  });

  it("GET /products/:id/features: the product's features as feature rows with its values; paged; 404 for an unknown product", async () => {
    const id = await createProduct({ company_id: company, product_features: { [text]: '7 kg', [select]: red } });
    const body = await getOk(`/api/products/${id}/features`);
    expect(idsOf(body, 'features', 'feature_id')).toEqual([select, text].sort((a, b) => a - b));
    for (const row of body.features) expectShape(row, PRODUCT_FEATURE_ROW, 'list', 'product feature row');
    const bySelect = body.features.find((row: { feature_id: string }) => row.feature_id === String(select));
    const byText = body.features.find((row: { feature_id: string }) => row.feature_id === String(text));
    expect(bySelect).toMatchObject({ feature_type: 'S', variant_id: red, value: '' });
    expect(Object.keys(bySelect.variants)).toEqual([red]);
    expect(byText).toMatchObject({ feature_type: 'T', value: '7 kg', variant_id: '0' });
    expect(body.params.total_items).toBe(2);
    expect(body.search.total_items).toBe(2);

    const page2 = await getOk(`/api/products/${id}/features?items_per_page=1&page=2`);
    expect(page2.features).toHaveLength(1);
    expect(page2.params).toMatchObject({ page: 2, items_per_page: 1, total_items: 2 });
    expect((await getOk(`/api/products/${id}/features?items_per_page=1&page=3`)).features).toEqual([]);

    const none = await getOk(`/api/products/${await createProduct({ company_id: company })}/features`);
    expect(none.features).toEqual([]);
    expect(none.params.total_items).toBe(0);
    expectError(await api('GET', '/api/products/999999999/features'), 404);
    expectError(await api('GET', '/api/products/abc/features'), 404);
    expectError(await api('POST', `/api/products/${id}/features`, { body: { x: 1 } }), 405);
  });

  it('deleting a feature products use deletes their values with it (CS-Cart fn_delete_feature): 204, each product updated', async () => {
    const inUse = await createFeature(company, { feature_type: 'S', variants: [{ variant: 'One' }] });
    const [one] = await variantIds(inUse);
    const p1 = await createProduct({ company_id: company, product_features: { [inUse]: one } });
    const p2 = await createProduct({ company_id: company, product_features: { [inUse]: one, [text]: 'x' } });
    expectStatus(await api('DELETE', `/api/features/${inUse}`), 204);
    expectError(await api('GET', `/api/features/${inUse}`), 404);
    expect((await getOk(`/api/products/${p1}`)).product_features).toEqual({});
    expect(Object.keys((await getOk(`/api/products/${p2}`)).product_features)).toEqual([String(text)]);
    // The same through the product's nested path.
    const nested = await createFeature(company, { feature_type: 'T' });
    const p3 = await createProduct({ company_id: company, product_features: { [nested]: 'kept?' } });
    expectStatus(await api('DELETE', `/api/products/${p3}/features/${nested}`), 204);
    expect((await getOk(`/api/products/${p3}`)).product_features).toEqual({});
  });

  it('number features (N, O, D) take a number in product_features, as CS-Cart stores it', async () => {
    const number = await createFeature(company, { feature_type: 'O' });
    const numberSelect = await createFeature(company, { feature_type: 'N', variants: [{ variant: '10' }] });
    const date = await createFeature(company, { feature_type: 'D' });
    const [ten] = await variantIds(numberSelect);
    const id = await createProduct({ company_id: company, product_features: { [number]: '42', [date]: '2026-01-02' } });
    const features = (await getOk(`/api/products/${id}`)).product_features;
    expect(features[number]).toMatchObject({ feature_type: 'O', value: '', value_int: '42.00', variant_id: '0' });
    expect(features[date]).toMatchObject({ feature_type: 'D', value_int: String(Date.UTC(2026, 0, 2) / 1000) });
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { product_features: { [numberSelect]: ten } } }), 200);
    expect((await getOk(`/api/products/${id}`)).product_features[numberSelect]).toMatchObject({
      variant_id: String(ten),
      variant: '10',
    });
    expectStatus(
      await api('PUT', `/api/products/${id}`, { body: { product_features: { [numberSelect]: '7.5' } } }),
      200,
    );
    expect((await getOk(`/api/products/${id}`)).product_features[numberSelect]).toMatchObject({
      variant_id: '0',
      value_int: '7.50',
    });
    const refused = await api('PUT', `/api/products/${id}`, { body: { product_features: { [number]: 'forty-two' } } });
    expectError(refused, 400);
    expect(refused.json.message).toContain(String(number));
  });
});

describe('privileges: features need view_catalog / manage_catalog', () => {
  it('view_catalog reads but does not write; manage_catalog alone writes but does not read', async () => {
    const [reader, writer] = await Promise.all([createAdmin(['view_catalog']), createAdmin(['manage_catalog'])]);
    const id = await createFeature(company);
    expectStatus(await api('GET', '/api/features', { auth: reader.auth }), 200);
    expectStatus(await api('GET', `/api/features/${id}`, { auth: reader.auth }), 200);
    expectForbidden(
      await api('POST', '/api/features', {
        auth: reader.auth,
        body: { feature_type: 'S', description: 'x', company_id: company },
      }),
    );
    expectForbidden(await api('PUT', `/api/features/${id}`, { auth: reader.auth, body: { description: 'x' } }));
    expectForbidden(await api('DELETE', `/api/features/${id}`, { auth: reader.auth }));

    expectForbidden(await api('GET', `/api/features/${id}`, { auth: writer.auth }));
    const created = await createVia(
      '/api/2.0/features',
      'feature_id',
      { feature_type: 'S', description: `V2 ${uid()}`, company_id: company },
      writer.auth,
    );
    expectStatus(await api('PUT', `/api/features/${created}`, { auth: writer.auth, body: { description: 'y' } }), 200);
    expectStatus(await api('DELETE', `/api/features/${created}`, { auth: writer.auth }), 204);
  });
});
