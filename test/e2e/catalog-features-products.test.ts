/**
 * Product features (SPEC §10; cscart-entities.md "features") seen from products, over real HTTP as the bootstrap
 * root: `product_features` naming features and variants, its validation, /products/:id/features, a deleted feature
 * taking its values with it, number features.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFeature, createProduct, createStore, expectShape, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { fieldsOf, PRODUCT_FEATURE_ROW, variantIds } from './catalog-features-fixtures.js';

let company: number;
beforeAll(async () => {
  company = await createStore();
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
