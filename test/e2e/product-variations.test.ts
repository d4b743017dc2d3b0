/**
 * Product variations (the add-on's product_variations) over real HTTP: only products in a group are
 * listed, under the `products` key, with the variation keys in their recorded JSON types; the single
 * object; the nested /product_variations_groups/:id/product_variations paths (404 outside the group,
 * create puts the product in it); a body's variation_group_id moves a product (400 without distinct
 * values); a deleted product leaves its group; vendor scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiUser, expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { type Catalog, catalog, createVariationGroup, variantProduct } from '../support/variations.js';

let c: Catalog;
let group: any;
let a: number;
let b: number;
beforeAll(async () => {
  c = await catalog();
  a = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
  b = await variantProduct(c, c.color.variants[1]!, c.size.variants[0]!);
  group = await createVariationGroup({
    product_ids: [a, b],
    features: [{ feature_id: c.color.id, purpose: 'group_variation_catalog_item' }],
  });
});

const VARIATION_TYPES: Record<string, string> = {
  variation_feature_ids: 'object',
  variation_feature_collection: 'object',
  variation_group_id: 'number',
  variation_group_code: 'string',
  variation_parent_product_id: 'number',
  variation_sub_group_id: 'string',
  variation_name: 'string',
  image_pairs: 'array',
};
const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

function expectVariationKeys(row: any): void {
  for (const [key, type] of Object.entries(VARIATION_TYPES)) expect(typeOf(row[key]), key).toBe(type);
  // No reviews here: null, as CS-Cart's product_reviews join gives a product without reviews.
  expect(row.average_rating).toBeNull();
  expect(row.reviews_count).toBeNull();
}

describe('product_variations', () => {
  it('GET list: only grouped products, wrapper key products, product list row plus the variation keys', async () => {
    const standalone = await variantProduct(c, c.color.variants[2]!, c.size.variants[2]!);
    const list = await api('GET', `/api/product_variations?items_per_page=250&company_id=${c.companyId}`);
    expectStatus(list, 200);
    expect(Object.keys(list.json)).toEqual(['products', 'params', 'search']);
    const ids = list.json.products.map((p: any) => Number(p.product_id));
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(ids).not.toContain(standalone);
    const row = list.json.products.find((p: any) => Number(p.product_id) === b);
    expect(typeof row.product_id).toBe('string');
    expectVariationKeys(row);
    expect(row).toMatchObject({
      variation_group_id: group.id,
      variation_group_code: group.code,
      variation_parent_product_id: a,
      variation_sub_group_id: `${group.id}_${a}`,
      product_type: 'V',
      parent_product_id: String(a),
    });
    expect(row.variation_name).toMatch(/, Feature .*: Blue$/);
    const parentRow = list.json.products.find((p: any) => Number(p.product_id) === a);
    expect(parentRow).toMatchObject({ variation_parent_product_id: 0, product_type: 'P', parent_product_id: '0' });
    // The products list rows are the same keys minus the variation ones.
    const plain = await api('GET', `/api/products?items_per_page=250&company_id=${c.companyId}`);
    const plainRow = plain.json.products.find((p: any) => Number(p.product_id) === b);
    for (const key of Object.keys(plainRow)) expect(row, key).toHaveProperty(key);
    expect(plainRow).not.toHaveProperty('variation_group_id');
  });

  it('GET single: the product object plus the variation keys; a standalone product shows group 0', async () => {
    const single = await api('GET', `/api/product_variations/${b}`);
    expectStatus(single, 200);
    expect(single.json.product_id).toBe(b);
    expectVariationKeys(single.json);
    expect(single.json.variation_feature_ids).toEqual({ [c.color.id]: c.color.id });
    expect(single.json.variation_feature_collection[c.color.id]).toMatchObject({
      feature_id: c.color.id,
      variant_id: c.color.variants[1],
    });
    const plain = await api('GET', `/api/products/${b}`);
    for (const key of Object.keys(plain.json)) expect(single.json, key).toHaveProperty(key);
    expectError(await api('GET', '/api/product_variations/999999999'), 404);
  });

  it('nested: the group by id or code lists its products; ids outside the group are 404', async () => {
    const other = await variantProduct(c, c.color.variants[2]!, c.size.variants[1]!);
    const list = await api('GET', `/api/product_variations_groups/${group.id}/product_variations?items_per_page=2`);
    expectStatus(list, 200);
    expect(list.json.products.map((p: any) => Number(p.product_id))).toEqual([a, b]);
    expect(list.json.params.total_items).toBe(2);
    const byCode = await api('GET', `/api/product_variations_groups/${group.code}/product_variations`);
    expect(byCode.json.products.length).toBe(2);
    expectStatus(await api('GET', `/api/product_variations_groups/${group.id}/product_variations/${b}`), 200);
    expectError(await api('GET', `/api/product_variations_groups/${group.id}/product_variations/${other}`), 404);
    expectError(
      await api('PUT', `/api/product_variations_groups/${group.id}/product_variations/${other}`, {
        body: { price: 1 },
      }),
      404,
    );
    expectError(await api('DELETE', `/api/product_variations_groups/${group.id}/product_variations/${other}`), 404);
    expectError(await api('GET', '/api/product_variations_groups/999999999/product_variations'), 404);
  });

  it('nested POST creates the product in the group (201 {product_id}); PUT and DELETE work; a second DELETE is 404', async () => {
    const features = { [c.color.id]: c.color.variants[2], [c.size.id]: c.size.variants[0] };
    const sameValues = await api('POST', `/api/product_variations_groups/${group.id}/product_variations`, {
      body: {
        product: 'ZZ PV dup',
        price: 12,
        company_id: c.companyId,
        product_features: { [c.color.id]: c.color.variants[0] },
      },
    });
    expectError(sameValues, 400);
    const created = await api('POST', `/api/product_variations_groups/${group.id}/product_variations`, {
      body: {
        product: `ZZ PV Third ${uid()}`,
        price: 12,
        company_id: c.companyId,
        status: 'D',
        product_features: features,
      },
    });
    expectStatus(created, 201);
    const id = created.json.product_id as number;
    expect(Object.keys(created.json)).toEqual(['product_id']);
    const single = await api('GET', `/api/product_variations/${id}`);
    expect(single.json).toMatchObject({ variation_group_id: group.id, variation_parent_product_id: a });
    const put = await api('PUT', `/api/product_variations/${id}`, { body: { price: 13 } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ product_id: id });
    expectStatus(await api('DELETE', `/api/product_variations/${id}`), 204);
    expectError(await api('DELETE', `/api/product_variations_groups/${group.id}/product_variations/${id}`), 404);
    const groupNow = await api('GET', `/api/product_variations_groups/${group.id}`);
    expect(groupNow.json.products.map((p: any) => p.product_id)).toEqual([a, b]);
  });

  it('PUT variation_group_id moves a product into the group; without distinct values 400; unknown group 400', async () => {
    const mover = await variantProduct(c, c.color.variants[2]!, c.size.variants[2]!);
    const clash = await variantProduct(c, c.color.variants[1]!, c.size.variants[2]!);
    const refused = await api('PUT', `/api/product_variations/${clash}`, { body: { variation_group_id: group.id } });
    expectError(refused, 400);
    expect(refused.json.message).toContain('same values');
    expectError(await api('PUT', `/api/product_variations/${mover}`, { body: { variation_group_id: 999999999 } }), 400);
    const moved = await api('PUT', `/api/product_variations/${mover}`, { body: { variation_group_id: group.id } });
    expectStatus(moved, 200);
    expect(moved.json).toEqual({ product_id: mover });
    const members = await api('GET', `/api/product_variations_groups/${group.id}`);
    expect(members.json.products.map((p: any) => p.product_id)).toEqual([a, b, mover]);
    // Deleting a product in a group (through /products too) takes it out of the group.
    expectStatus(await api('DELETE', `/api/products/${mover}`), 204);
    const after = await api('GET', `/api/product_variations_groups/${group.id}`);
    expect(after.json.products.map((p: any) => p.product_id)).toEqual([a, b]);
  });

  it('deleting the default product makes the next one the default', async () => {
    const p1 = await variantProduct(c, c.color.variants[0]!, c.size.variants[1]!);
    const p2 = await variantProduct(c, c.color.variants[1]!, c.size.variants[1]!);
    const g = await createVariationGroup({
      product_ids: [p1, p2],
      features: [{ feature_id: c.color.id, purpose: 'group_catalog_item' }],
    });
    expectStatus(await api('DELETE', `/api/product_variations/${p1}`), 204);
    const after = await api('GET', `/api/product_variations_groups/${g.id}`);
    expect(after.json.products).toEqual([
      {
        product_id: p2,
        parent_product_id: 0,
        company_id: c.companyId,
        feature_values: [{ feature_id: c.color.id, variant_id: c.color.variants[1] }],
      },
    ]);
  });

  it("vendors see and change only their own company's variations", async () => {
    const [own, foreign] = await Promise.all([
      createApiUser('V', ['--company', String(c.companyId)]),
      createApiUser('V', ['--company', String((await catalog()).companyId)]),
    ]);
    const mine = await api('GET', '/api/product_variations?items_per_page=250', { auth: own.auth });
    expectStatus(mine, 200);
    expect(mine.json.products.map((p: any) => Number(p.product_id))).toEqual(expect.arrayContaining([a, b]));
    const theirs = await api('GET', '/api/product_variations?items_per_page=250', { auth: foreign.auth });
    expect(theirs.json.products.map((p: any) => Number(p.product_id))).not.toContain(a);
    expectError(await api('GET', `/api/product_variations/${a}`, { auth: foreign.auth }), 404);
    expectError(await api('PUT', `/api/product_variations/${a}`, { auth: foreign.auth, body: { price: 1 } }), 404);
    expectStatus(await api('PUT', `/api/product_variations/${a}`, { auth: own.auth, body: { price: 11 } }), 200);
    // Under a group too, a vendor sees only its own company's products; the groups themselves are not theirs (403).
    const nested = await api('GET', `/api/product_variations_groups/${group.id}/product_variations`, {
      auth: foreign.auth,
    });
    expectStatus(nested, 200);
    expect(nested.json.products).toEqual([]);
    expectError(await api('GET', `/api/product_variations_groups/${group.id}`, { auth: own.auth }), 403);
  });
});
