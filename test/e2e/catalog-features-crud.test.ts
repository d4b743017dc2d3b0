/**
 * Product features with variants (SPEC §10; cscart-entities.md "features") over real HTTP, as the bootstrap
 * root: POST, GET, PUT and DELETE, recorded field types per view, variants replaced by PUT, validation (required
 * fields in order, allowed values, unknown company), ignored keys. Each test works in the company this file created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFeature, createStore, expectNestedShape, expectShape, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { FEATURE_FIELDS, feature, fieldsOf, VARIANT, variantIds } from './catalog-features-fixtures.js';

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
