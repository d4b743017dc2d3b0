/**
 * Product options (the recording's `options`, SPEC §10) over real HTTP: the global list wrapped with
 * params, a product's options keyed by option_id, the single object with variants, the field types,
 * option_type and variants rules, references, cascades, privileges.
 */
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  createStore,
  createVia,
  expectNestedShape,
  expectShape,
  type FieldTable,
  type WireType,
} from '../support/catalog.js';
import { createAdmin, createApiUser, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

const OPTION: FieldTable = {
  option_id: ['str(int)', 'str(int)'],
  product_id: ['str(int)', 'str(int)'],
  company_id: ['str(int)', 'str(int)'],
  option_type: ['str', 'str'],
  regexp: ['str', 'str'],
  required: ['str', 'str'],
  multiupload: ['str', 'str'],
  allowed_extensions: ['str', 'str'],
  max_file_size: ['str(int)', 'str(int)'],
  missing_variants_handling: ['str', 'str'],
  status: ['str', 'str'],
  position: ['str(int)', 'str(int)'],
  value: ['str', 'str'],
  lang_code: ['str', 'str'],
  option_name: ['str', 'str'],
  internal_option_name: ['str', 'str'],
  option_text: ['str', 'str'],
  description: ['str', 'str'],
  comment: ['str', 'str'],
  inner_hint: ['str', 'str'],
  incorrect_message: ['str', 'str'],
  variants: ['—', 'object{id}'],
};
const VARIANT: Record<string, WireType> = {
  variant_name: 'str',
  variant_id: 'str(int)',
  option_id: 'str(int)',
  position: 'str(int)',
  modifier: 'str(dec3)',
  modifier_type: 'str',
  weight_modifier: 'str(dec3)',
  weight_modifier_type: 'str',
  point_modifier: 'str(dec3)',
  point_modifier_type: 'str',
  status: 'str',
  image_pair: 'array(empty)',
};
const PRODUCT_MAP: FieldTable = { ...OPTION, cur_product_id: ['str(int)', 'str(int)'], lang_code: ['—', '—'] };

const createOption = (body: object = {}) =>
  createVia('/api/options', 'option_id', {
    option_name: `Option ${uid()}`,
    option_type: 'S',
    variants: [{ variant_name: 'Red' }, { variant_name: 'Blue', modifier: 2.5 }],
    ...body,
  });

describe('options', () => {
  it('POST answers 201 {option_id} (integer); GET /options/:id has every recorded field with variants keyed by variant_id', async () => {
    const id = await createOption({
      internal_option_name: 'ZZ API Option',
      status: 'D',
      variants: [{ variant_name: 'a', modifier: '1.5', modifier_type: 'P', weight_modifier: 2 }],
    });
    const single = await api('GET', `/api/options/${id}`);
    expectStatus(single, 200);
    expectShape(single.json, OPTION, 'single');
    expect(single.json).toMatchObject({
      option_id: String(id),
      product_id: '0',
      option_type: 'S',
      status: 'D',
      internal_option_name: 'ZZ API Option',
      lang_code: 'en',
    });
    const variants = Object.entries(single.json.variants as Record<string, Record<string, unknown>>);
    expect(variants).toHaveLength(1);
    const [variantId, variant] = variants[0]!;
    expectNestedShape(variant, VARIANT, 'variant');
    expect(variant).toMatchObject({
      variant_id: variantId,
      option_id: String(id),
      variant_name: 'a',
      modifier: '1.500',
      modifier_type: 'P',
      weight_modifier: '2.000',
      point_modifier: '0.000',
      position: '0',
      status: 'A',
    });
  });

  it('GET /options lists the global options wrapped with the recorded params keys and types', async () => {
    const id = await createOption();
    const productOption = await createOption({ product_id: await createProduct() });
    const list = await api('GET', '/api/options?items_per_page=250');
    expectStatus(list, 200);
    const params = list.json.params;
    for (const key of ['product_id', 'page', 'items_per_page', 'total_items'])
      expect(typeof params[key], key).toBe('number');
    for (const key of ['q', 'excluded_ids', 'option_id']) expect(params[key], key).toBeNull();
    expect(params.get_variants).toBe(false);
    for (const key of ['sort_order', 'sort_by', 'sort_order_rev']) expect(typeof params[key], key).toBe('string');
    expect(params.sort_order_rev).toBe('desc');
    const rows = list.json.product_options as Array<Record<string, unknown>>;
    const row = rows.find((r) => r.option_id === String(id));
    expect(row).toBeDefined();
    expectShape(row!, OPTION, 'list');
    expect(rows.every((r) => r.product_id === '0')).toBe(true);
    expect(rows.some((r) => r.option_id === String(productOption))).toBe(false);
  });

  it('filters and sorts: q, status, sort_by option_name desc', async () => {
    const tag = uid();
    const a = await createOption({ option_name: `Alpha ${tag}`, status: 'D' });
    const b = await createOption({ option_name: `Beta ${tag}` });
    const q = await api('GET', `/api/options?q=${encodeURIComponent(tag)}&items_per_page=250`);
    expect(q.json.product_options.map((r: { option_id: string }) => Number(r.option_id))).toEqual([a, b]);
    expect(q.json.params.total_items).toBe(2);
    const sorted = await api('GET', `/api/options?q=${encodeURIComponent(tag)}&sort_by=option_name&sort_order=desc`);
    expect(sorted.json.product_options.map((r: { option_id: string }) => Number(r.option_id))).toEqual([b, a]);
    const disabled = await api('GET', `/api/options?q=${encodeURIComponent(tag)}&status=D`);
    expect(disabled.json.product_options.map((r: { option_id: string }) => Number(r.option_id))).toEqual([a]);
  });

  it('GET /options?product_id=N is a bare object keyed by option_id with cur_product_id and no lang_code; unknown product → 404', async () => {
    const productId = await createProduct();
    const first = await createOption({ product_id: productId });
    const second = await createOption({ product_id: productId, option_type: 'I', variants: undefined });
    const map = await api('GET', `/api/options?product_id=${productId}`);
    expectStatus(map, 200);
    expect(Object.keys(map.json)).toEqual([String(first), String(second)]);
    for (const [key, value] of Object.entries(map.json as Record<string, Record<string, unknown>>)) {
      expectShape(value, PRODUCT_MAP, 'single', `option ${key}`);
      expect(value.cur_product_id).toBe(String(productId));
      expect(value.option_id).toBe(key);
    }
    expect(map.json.params).toBeUndefined();
    expectError(await api('GET', '/api/options?product_id=99999999'), 404);
    expectError(await api('GET', '/api/options?product_id=abc'), 400);
    const empty = await api('GET', `/api/options?product_id=${await createProduct()}`);
    expectStatus(empty, 200);
    expect(empty.json).toEqual({});
  });

  it('option_type and variants: Q → 400; variants without option_type → 400; variants on a non-selectable type → 400', async () => {
    expectError(await api('POST', '/api/options', { body: { option_name: 'ZZ', option_type: 'Q' } }), 400);
    expectError(
      await api('POST', '/api/options', { body: { option_name: 'ZZ', variants: [{ variant_name: 'a' }] } }),
      400,
      'Bad Request: The option_type field is required',
    );
    const text = await api('POST', '/api/options', {
      body: { option_name: 'ZZ', option_type: 'T', variants: [{ variant_name: 'a' }] },
    });
    expectError(text, 400);
    expect(text.json.message).toContain('option_type');
    expectError(
      await api('POST', '/api/options', {
        body: { option_name: 'ZZ', option_type: 'S', variants: [{ variant_name: '' }] },
      }),
      400,
    );
    expectError(
      await api('POST', '/api/options', {
        body: { option_name: 'ZZ', option_type: 'S', variants: [{ variant_name: 'a', modifier: 'lots' }] },
      }),
      400,
    );
    expectError(await api('POST', '/api/options', { body: {} }), 400, 'Bad Request: Missing parameters');
    const id = await createOption();
    expectError(await api('PUT', `/api/options/${id}`, { body: { option_type: 'I' } }), 400);
    expectStatus(await api('PUT', `/api/options/${id}`, { body: { option_type: 'I', variants: [] } }), 200);
  });

  it('references: an unknown company_id or product_id is a 400 naming the field', async () => {
    const company = await api('POST', '/api/options', { body: { option_name: 'ZZ', company_id: 99999999 } });
    expectError(company, 400);
    expect(company.json.message).toContain('company_id');
    const product = await api('POST', '/api/options', { body: { option_name: 'ZZ', product_id: 99999999 } });
    expectError(product, 400);
    expect(product.json.message).toContain('product_id');
    const store = await createStore();
    const id = await createOption({ company_id: store });
    expect((await api('GET', `/api/options/${id}`)).json.company_id).toBe(String(store));
  });

  it('PUT answers 200 {option_id}; variants are replaced (a sent variant_id keeps its id); 404s; DELETE 204 then 404', async () => {
    const id = await createOption();
    const before = (await api('GET', `/api/options/${id}`)).json.variants as Record<string, { variant_name: string }>;
    const [keptId] = Object.keys(before);
    const put = await api('PUT', `/api/options/${id}`, {
      body: {
        option_name: 'ZZ API Option (upd)',
        option_type: 'R',
        variants: [{ variant_id: keptId, variant_name: 'Kept' }, { variant_name: 'New' }],
      },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ option_id: String(id) });
    const after = (await api('GET', `/api/options/${id}`)).json;
    expect(after.option_name).toBe('ZZ API Option (upd)');
    expect(after.option_type).toBe('R');
    expect(Object.keys(after.variants)).toHaveLength(2);
    expect(after.variants[keptId!].variant_name).toBe('Kept');
    expectError(await api('PUT', '/api/options/99999999', { body: { option_name: 'x' } }), 404);
    expectError(await api('GET', '/api/options/99999999'), 404);
    expectStatus(await api('DELETE', `/api/options/${id}`), 204);
    expectError(await api('DELETE', `/api/options/${id}`), 404);
    expectError(await api('GET', `/api/options/${id}`), 404);
  });

  it('deleting a product deletes its options', async () => {
    const productId = await createProduct();
    const id = await createOption({ product_id: productId });
    expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
    expectError(await api('GET', `/api/options/${id}`), 404);
  });

  it('view_catalog reads, manage_catalog writes; vendors get 403; unsupported method 405', async () => {
    const reader = await createAdmin(['view_catalog']);
    expectStatus(await api('GET', '/api/options', { auth: reader.auth }), 200);
    expectForbidden(await api('POST', '/api/options', { auth: reader.auth, body: { option_name: 'x' } }));
    const writer = await createAdmin(['manage_catalog']);
    expectForbidden(await api('GET', '/api/options', { auth: writer.auth }));
    expectStatus(await api('POST', '/api/options', { auth: writer.auth, body: { option_name: `W ${uid()}` } }), 201);
    const vendor = await createApiUser('V', ['--company', String(await createStore())]);
    expectForbidden(await api('GET', '/api/options', { auth: vendor.auth }));
    expectForbidden(await api('POST', '/api/options', { auth: vendor.auth, body: { option_name: 'x' } }));
    expectError(await api('POST', '/api/options/1', { body: { option_name: 'x' } }), 405);
  });
});
