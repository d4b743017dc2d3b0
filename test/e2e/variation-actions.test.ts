/**
 * The POST-only variation actions over real HTTP: generate_product_variations (into the base product's
 * group: 200; into a new group: 201; copies with the combination's values; existing combinations
 * skipped), detach_product_variation and set_default_product_variation (201 {"message":""}), top level
 * and nested under /product_variations/:id; GET/PUT/DELETE 405; missing fields 400 naming them (never 500);
 * unknown products 404 (path) or 400 (body).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { createAdmin, expectError, expectForbidden, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { type Catalog, catalog, createVariationGroup, variantProduct } from '../support/variations.js';

let c: Catalog;
beforeAll(async () => {
  c = await catalog();
});

const ACTIONS = ['generate_product_variations', 'detach_product_variation', 'set_default_product_variation'];
const members = async (groupId: number) =>
  (await api('GET', `/api/product_variations_groups/${groupId}`)).json.products as any[];

describe('variation actions', () => {
  it('GET, PUT, DELETE are 405, top level and nested', async () => {
    const product = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
    for (const action of ACTIONS) {
      for (const path of [`/api/${action}`, `/api/product_variations/${product}/${action}`]) {
        expectError(await api('GET', path), 405);
      }
      expectError(await api('PUT', `/api/${action}`, { body: { x: 1 } }), 405);
      expectError(await api('DELETE', `/api/${action}`), 405);
      expectError(await api('DELETE', `/api/product_variations/${product}/${action}`), 405);
    }
  });

  it('missing product_id / combinations: 400 naming the field; unknown product 400 (body) or 404 (path)', async () => {
    const product = await variantProduct(c, c.color.variants[0]!, c.size.variants[1]!);
    expectError(
      await api('POST', '/api/set_default_product_variation', { body: { x: 1 } }),
      400,
      'Bad Request: The product_id field is required',
    );
    expectError(
      await api('POST', '/api/detach_product_variation', { body: { x: 1 } }),
      400,
      'Bad Request: The product_id field is required',
    );
    expectError(
      await api('POST', '/api/generate_product_variations', { body: { product_id: product } }),
      400,
      'Bad Request: The combinations field is required',
    );
    expectError(
      await api('POST', '/api/generate_product_variations', { body: { combinations: [[c.color.variants[1]]] } }),
      400,
      'Bad Request: The product_id field is required',
    );
    const unknown = await api('POST', '/api/detach_product_variation', { body: { product_id: 999999999 } });
    expectError(unknown, 400);
    expect(unknown.json.message).toContain('product_id');
    expectError(
      await api('POST', '/api/product_variations/999999999/detach_product_variation', { body: { x: 1 } }),
      404,
    );
    expectError(
      await api('POST', '/api/product_variations/999999999/generate_product_variations', {
        body: { combinations: [['1']] },
      }),
      404,
    );
    // A product in no group cannot be detached or made the default.
    expectError(
      await api('POST', `/api/product_variations/${product}/detach_product_variation`, { body: { x: 1 } }),
      400,
    );
    expectError(await api('POST', '/api/set_default_product_variation', { body: { product_id: product } }), 400);
    const bad = await api('POST', `/api/product_variations/${product}/generate_product_variations`, {
      body: { combinations: 'nope' },
    });
    expectError(bad, 400);
    expect(bad.json.message).toContain('combinations');
    expectError(
      await api('POST', `/api/product_variations/${product}/generate_product_variations`, {
        body: { combinations: [['999999']] },
      }),
      400,
    );
  });

  it('generate into a new group: 201, the base and a copy per new combination; then into the group: 200', async () => {
    const base = await variantProduct(c, c.color.variants[0]!, c.size.variants[2]!, { price: 21, amount: 5 });
    const first = await api('POST', '/api/generate_product_variations', {
      body: {
        product_id: base,
        combinations: [[c.color.variants[1]], [c.color.variants[0]]],
        features: [{ feature_id: c.color.id, purpose: 'group_variation_catalog_item' }],
      },
    });
    expectStatus(first, 201);
    expect(Object.keys(first.json)).toEqual(['message', 'group', 'products_status']);
    expect(first.json.message).toBe('');
    const group = first.json.group;
    expect(group.code).toMatch(/^PV-[0-9A-F]{9}$/);
    expect(group.features).toEqual([
      {
        feature_id: c.color.id,
        purpose: 'group_variation_catalog_item',
        is_purpose_create_catalog_item: false,
        is_purpose_create_variation_of_catalog_item: true,
      },
    ]);
    const createdIds = Object.keys(first.json.products_status).map(Number);
    expect(createdIds.length).toBe(1); // the base's own combination is skipped
    expect(first.json.products_status[createdIds[0]!]).toBe(1);
    expect(group.products.map((p: any) => p.product_id)).toEqual([base, createdIds[0]]);
    expect(group.products[1]).toMatchObject({
      parent_product_id: base,
      feature_values: [{ feature_id: c.color.id, variant_id: c.color.variants[1] }],
    });
    const copy = await api('GET', `/api/products/${createdIds[0]}`);
    expect(copy.json).toMatchObject({ price: '21.00', amount: '5', company_id: String(c.companyId) });
    expect(copy.json.product_features[c.size.id].variant_id).toBe(c.size.variants[2]);
    expect(copy.json.product_features[c.color.id].variant_id).toBe(c.color.variants[1]);

    const second = await api('POST', `/api/product_variations/${base}/generate_product_variations`, {
      body: { combinations: [[c.color.variants[2]], [c.color.variants[1]]] },
    });
    expectStatus(second, 200);
    expect(second.json.group.id).toBe(group.id);
    expect(Object.keys(second.json.products_status).length).toBe(1);
    expect((await members(group.id)).length).toBe(3);
    // A combination naming a variant of another feature is refused with nothing written.
    expectError(
      await api('POST', `/api/product_variations/${base}/generate_product_variations`, {
        body: { combinations: [[c.size.variants[0]]] },
      }),
      400,
    );
    expect((await members(group.id)).length).toBe(3);
  });

  it('set_default makes the product the parent of the others; detach leaves it standalone (201 {"message":""})', async () => {
    const p1 = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
    const p2 = await variantProduct(c, c.color.variants[1]!, c.size.variants[0]!);
    const p3 = await variantProduct(c, c.color.variants[2]!, c.size.variants[0]!);
    const group = await createVariationGroup({
      product_ids: [p1, p2, p3],
      features: [{ feature_id: c.color.id, purpose: 'group_catalog_item' }],
    });
    const set = await api('POST', `/api/product_variations/${p2}/set_default_product_variation`, { body: { x: 1 } });
    expectStatus(set, 201);
    expect(set.json).toEqual({ message: '' });
    expect((await members(group.id)).map((p) => [p.product_id, p.parent_product_id])).toEqual([
      [p1, p2],
      [p2, 0],
      [p3, p2],
    ]);
    const single = await api('GET', `/api/product_variations/${p1}`);
    expect(single.json.variation_parent_product_id).toBe(p2);
    expectStatus(await api('POST', '/api/set_default_product_variation', { body: { product_id: p3 } }), 201);
    expect((await members(group.id)).map((p) => p.parent_product_id)).toEqual([p3, p3, 0]);

    // Detaching the default: the lowest remaining product becomes it.
    const detach = await api('POST', '/api/detach_product_variation', { body: { product_id: p3 } });
    expectStatus(detach, 201);
    expect(detach.json).toEqual({ message: '' });
    expect((await members(group.id)).map((p) => [p.product_id, p.parent_product_id])).toEqual([
      [p1, 0],
      [p2, p1],
    ]);
    expect((await api('GET', `/api/product_variations/${p3}`)).json.variation_group_id).toBe(0);
    expectStatus(await api('POST', `/api/product_variations/${p2}/detach_product_variation`, { body: { x: 1 } }), 201);
    expect((await members(group.id)).map((p) => p.product_id)).toEqual([p1]);
    const listed = await api('GET', '/api/product_variations?items_per_page=250');
    const ids = listed.json.products.map((p: any) => Number(p.product_id));
    expect(ids).toContain(p1);
    expect(ids).not.toContain(p2);
  });

  it('needs manage_catalog', async () => {
    const reader = await createAdmin(['view_catalog']);
    const product = await createProduct({ company_id: c.companyId });
    expectForbidden(
      await api('POST', '/api/detach_product_variation', { auth: reader.auth, body: { product_id: product } }),
    );
  });
});
