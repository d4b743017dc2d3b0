/**
 * Variation groups (the add-on's product_variations_groups) over real HTTP: typed group objects, the
 * collection wrapper and filters, id or code addressing, create/update/delete with their answers and
 * errors, products left standalone by a delete, privileges (vendors 403).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/catalog.js';
import { createAdmin, createApiUser, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { type Catalog, catalog, createVariationGroup, variantProduct } from '../support/variations.js';

let c: Catalog;
beforeAll(async () => {
  c = await catalog();
});

function expectGroupShape(group: any): void {
  expect(Object.keys(group)).toEqual(['id', 'code', 'features', 'products', 'created_at', 'updated_at']);
  for (const key of ['id', 'created_at', 'updated_at']) expect(Number.isInteger(group[key]), key).toBe(true);
  expect(typeof group.code).toBe('string');
  for (const feature of group.features) {
    expect(Object.keys(feature)).toEqual([
      'feature_id',
      'purpose',
      'is_purpose_create_catalog_item',
      'is_purpose_create_variation_of_catalog_item',
    ]);
    expect(typeof feature.feature_id).toBe('number');
    expect(typeof feature.is_purpose_create_catalog_item).toBe('boolean');
  }
  for (const product of group.products) {
    expect(Object.keys(product)).toEqual(['product_id', 'parent_product_id', 'company_id', 'feature_values']);
    for (const key of ['product_id', 'parent_product_id', 'company_id'])
      expect(typeof product[key], key).toBe('number');
    for (const value of product.feature_values) {
      expect(typeof value.feature_id).toBe('number');
      expect(typeof value.variant_id).toBe('string');
    }
  }
}

describe('product_variations_groups', () => {
  it('POST: empty body 400 Missing parameters; no product_ids 400 naming it; unknown product 400', async () => {
    expectError(
      await api('POST', '/api/product_variations_groups', { body: {} }),
      400,
      'Bad Request: Missing parameters',
    );
    expectError(
      await api('POST', '/api/product_variations_groups', { body: { code: 'ZZ-NOPRODUCTS' } }),
      400,
      'Bad Request: The product_ids field is required',
    );
    const r = await api('POST', '/api/product_variations_groups', { body: { product_ids: [999999999] } });
    expectError(r, 400);
    expect(r.json.message).toContain('product_ids');
  });

  it('POST refuses products without distinct values of the features', async () => {
    const a = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
    const b = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
    const same = await api('POST', '/api/product_variations_groups', { body: { product_ids: [a, b] } });
    expectError(same, 400);
    expect(same.json.message).toContain('same values');
    const bare = await createProduct({ company_id: c.companyId });
    expectError(
      await api('POST', '/api/product_variations_groups', {
        body: { product_ids: [a, bare], features: [{ feature_id: c.color.id, purpose: 'group_catalog_item' }] },
      }),
      400,
    );
    expectError(
      await api('POST', '/api/product_variations_groups', {
        body: { product_ids: [a], features: [{ feature_id: c.color.id, purpose: 'nonsense' }] },
      }),
      400,
    );
  });

  it('POST 201 {message, group, products_status}; typed group; GET by id and by code; list with filters', async () => {
    const a = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
    const b = await variantProduct(c, c.color.variants[1]!, c.size.variants[0]!);
    const code = `ZZ-${uid()}`.toUpperCase().slice(0, 30);
    const response = await api('POST', '/api/product_variations_groups', {
      body: {
        product_ids: [a, b],
        code,
        features: [{ feature_id: c.color.id, purpose: 'group_variation_catalog_item' }],
      },
    });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['message', 'group', 'products_status']);
    expect(response.json.products_status).toEqual({ [a]: 1, [b]: 1 });
    const group = response.json.group;
    expectGroupShape(group);
    expect(group.code).toBe(code);
    expect(group.features).toEqual([
      {
        feature_id: c.color.id,
        purpose: 'group_variation_catalog_item',
        is_purpose_create_catalog_item: false,
        is_purpose_create_variation_of_catalog_item: true,
      },
    ]);
    expect(group.products).toEqual([
      {
        product_id: a,
        parent_product_id: 0,
        company_id: c.companyId,
        feature_values: [{ feature_id: c.color.id, variant_id: c.color.variants[0] }],
      },
      {
        product_id: b,
        parent_product_id: a,
        company_id: c.companyId,
        feature_values: [{ feature_id: c.color.id, variant_id: c.color.variants[1] }],
      },
    ]);
    const byId = await api('GET', `/api/product_variations_groups/${group.id}`);
    expectStatus(byId, 200);
    expect(byId.json).toEqual(group);
    const byCode = await api('GET', `/api/product_variations_groups/${code}`);
    expectStatus(byCode, 200);
    expect(byCode.json.id).toBe(group.id);
    expectError(await api('GET', '/api/product_variations_groups/999999999'), 404);
    expectError(await api('GET', '/api/product_variations_groups/NO-SUCH-CODE'), 404);

    const list = await api('GET', '/api/product_variations_groups?items_per_page=2');
    expectStatus(list, 200);
    expect(list.json.groups.length).toBeLessThanOrEqual(2);
    expect(list.json.params).toMatchObject({ items_per_page: 2, page: 1 });
    expect(typeof list.json.params.total_items).toBe('number');
    for (const g of list.json.groups) expectGroupShape(g);
    const byProduct = await api('GET', `/api/product_variations_groups?product_ids=${b}`);
    expect(byProduct.json.groups.map((g: any) => g.id)).toEqual([group.id]);
    expect(byProduct.json.params.total_items).toBe(1);
    const byArray = await api('GET', `/api/product_variations_groups?product_ids[]=${a}&product_ids[]=${b}`);
    expect(byArray.json.groups.map((g: any) => g.id)).toEqual([group.id]);
    const byFeature = await api('GET', `/api/product_variations_groups?feature_ids=${c.color.id}&items_per_page=250`);
    expect(byFeature.json.groups.map((g: any) => g.id)).toContain(group.id);
    const otherFeature = await api('GET', `/api/product_variations_groups?feature_ids=${c.size.id}&items_per_page=250`);
    expect(otherFeature.json.groups.map((g: any) => g.id)).not.toContain(group.id);
    // A product already in a group cannot found another.
    expectError(await api('POST', '/api/product_variations_groups', { body: { product_ids: [a] } }), 400);
    // The code is unique.
    const c2 = await variantProduct(c, c.color.variants[2]!, c.size.variants[2]!);
    expectError(await api('POST', '/api/product_variations_groups', { body: { product_ids: [c2], code } }), 400);
  });

  it('POST without code generates PV-XXXXXXXXX and takes the features the products share', async () => {
    const a = await variantProduct(c, c.color.variants[0]!, c.size.variants[1]!);
    const b = await variantProduct(c, c.color.variants[1]!, c.size.variants[2]!);
    const group = await createVariationGroup({ product_ids: `${a},${b}` });
    expect(group.code).toMatch(/^PV-[0-9A-F]{9}$/);
    expect(group.features.map((f: any) => f.feature_id)).toEqual([c.color.id, c.size.id].sort((x, y) => x - y));
    expect(group.features[0].purpose).toBe('group_catalog_item');
    expect(group.features[0].is_purpose_create_catalog_item).toBe(true);
  });

  it('PUT changes only the code (200, products_status null); 404 unknown; DELETE 204 leaves the products standalone', async () => {
    const a = await variantProduct(c, c.color.variants[2]!, c.size.variants[0]!);
    const b = await variantProduct(c, c.color.variants[2]!, c.size.variants[1]!);
    const group = await createVariationGroup({
      product_ids: [a, b],
      features: [{ feature_id: c.size.id, purpose: 'group_catalog_item' }],
    });
    const code = `ZZ-${uid()}`.toUpperCase().slice(0, 30);
    const put = await api('PUT', `/api/product_variations_groups/${group.id}`, { body: { code, features: [] } });
    expectStatus(put, 200);
    expect(put.json.products_status).toBeNull();
    expect(put.json.group.code).toBe(code);
    expect(put.json.group.features).toEqual(group.features);
    expectError(await api('GET', `/api/product_variations_groups/${group.code}`), 404);
    expectError(await api('PUT', '/api/product_variations_groups/999999999', { body: { code: 'x' } }), 404);
    expectError(
      await api('PUT', `/api/product_variations_groups/${group.id}`, { body: { other: 1 } }),
      400,
      'Bad Request: Missing parameters',
    );

    expectStatus(await api('DELETE', `/api/product_variations_groups/${code}`), 204);
    expectError(await api('DELETE', `/api/product_variations_groups/${code}`), 404);
    expectError(await api('DELETE', `/api/product_variations_groups/${group.id}`), 404);
    const product = await api('GET', `/api/product_variations/${a}`);
    expectStatus(product, 200);
    expect(product.json.variation_group_id).toBe(0);
    const groups = await api('GET', `/api/product_variations_groups?product_ids=${a}`);
    expect(groups.json.groups).toEqual([]);
    // Free again: it can found a new group.
    await createVariationGroup({ product_ids: [a, b] });
  });

  it('DELETE of a feature a group varies by is a 400 naming the group, nothing changed; after the group goes, a 204', async () => {
    const own = await catalog();
    const a = await variantProduct(own, own.color.variants[0]!, own.size.variants[0]!);
    const b = await variantProduct(own, own.color.variants[1]!, own.size.variants[0]!);
    const group = await createVariationGroup({
      product_ids: [a, b],
      features: [{ feature_id: own.color.id, purpose: 'group_variation_catalog_item' }],
    });
    const refused = await api('DELETE', `/api/features/${own.color.id}`);
    expectError(refused, 400);
    expect(refused.json.message).toContain(`variation groups ${group.id} `);
    expect(refused.json.errors).toEqual([{ field: 'feature_id', message: expect.stringContaining(String(group.id)) }]);
    // Nothing changed: the feature, the products' values and the group are all still there.
    expectStatus(await api('GET', `/api/features/${own.color.id}`), 200);
    const product = await api('GET', `/api/products/${a}`);
    expect(product.json.product_features[own.color.id]).toBeDefined();
    const still = await api('GET', `/api/product_variations_groups/${group.id}`);
    expectStatus(still, 200);
    expect(still.json.products.map((p: any) => p.product_id).sort()).toEqual([a, b].sort());
    // A feature no group varies by deletes as before.
    expectStatus(await api('DELETE', `/api/features/${own.size.id}`), 204);
    expectStatus(await api('DELETE', `/api/product_variations_groups/${group.id}`), 204);
    expectStatus(await api('DELETE', `/api/features/${own.color.id}`), 204);
  });

  it('privileges: view_catalog reads, manage_catalog writes; vendors 403', async () => {
    const [reader, vendor] = await Promise.all([
      createAdmin(['view_catalog']),
      createApiUser('V', ['--company', String(c.companyId)]),
    ]);
    expectStatus(await api('GET', '/api/product_variations_groups', { auth: reader.auth }), 200);
    expectForbidden(
      await api('POST', '/api/product_variations_groups', { auth: reader.auth, body: { product_ids: [1] } }),
    );
    expectForbidden(await api('GET', '/api/product_variations_groups', { auth: vendor.auth }));
    expectError(await api('GET', '/api/product_variation_groups'), 404);
  });
});
