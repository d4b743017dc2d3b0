/**
 * Option combinations (CS-Cart 4.3's `combinations`, SPEC §10) over real HTTP: a JSON list per product,
 * addressed by combination_hash, the hash deterministic for (product, combination), the field types, references,
 * repeated combinations, cascades, privileges.
 */
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  createStore,
  expectShape,
  type FieldTable,
  productWithOptions as withOptions,
} from '../support/catalog.js';
import { createAdmin, createApiUser, expectError, expectForbidden, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';

const productWithOptions = () => withOptions('R');

const COMBINATION: FieldTable = {
  product_id: ['str(int)', 'str(int)'],
  combination_hash: ['str(int)', 'str(int)'],
  combination: ['object{id}', 'object{id}'],
  amount: ['str(int)', 'str(int)'],
  product_code: ['str', 'str'],
  position: ['str(int)', 'str(int)'],
};

async function createCombination(body: object): Promise<string> {
  const response = await api('POST', '/api/combinations', { body });
  expectStatus(response, 201);
  expect(Object.keys(response.json)).toEqual(['combination_hash']);
  expect(response.json.combination_hash).toMatch(/^\d+$/);
  return response.json.combination_hash as string;
}

describe('combinations', () => {
  it('GET without product_id → 400 naming it; unknown product → 404; a product without combinations → []', async () => {
    const missing = await api('GET', '/api/combinations');
    expectError(missing, 400, 'Bad Request: The product_id field is required');
    expect(missing.json.errors).toEqual([{ field: 'product_id', message: 'The product_id field is required' }]);
    expectError(
      await api('GET', '/api/2.0/combinations?product_id='),
      400,
      'Bad Request: The product_id field is required',
    );
    expectError(await api('GET', '/api/combinations?product_id=99999999'), 404);
    const empty = await api('GET', `/api/combinations?product_id=${await createProduct()}`);
    expectStatus(empty, 200);
    expect(empty.json).toEqual([]);
  });

  it('POST 201 {combination_hash} (a string); the collection is a JSON list; GET one; same combination → 400, same hash', async () => {
    const { productId, options } = await productWithOptions();
    const [color, size] = options as [{ id: number; variants: string[] }, { id: number; variants: string[] }];
    const combination = { [color.id]: color.variants[0], [size.id]: size.variants[1] };
    const hash = await createCombination({ product_id: productId, combination, amount: 7, product_code: 'ZZ-RED-L' });
    const list = await api('GET', `/api/combinations?product_id=${productId}`);
    expectStatus(list, 200);
    expect(Array.isArray(list.json)).toBe(true);
    expect(list.json.map((row: { combination_hash: string }) => row.combination_hash)).toEqual([hash]);
    expectShape(list.json[0], COMBINATION, 'list');
    const single = await api('GET', `/api/combinations/${hash}`);
    expectStatus(single, 200);
    expectShape(single.json, COMBINATION, 'single');
    expect(single.json).toEqual({
      product_id: String(productId),
      combination_hash: hash,
      combination,
      amount: '7',
      product_code: 'ZZ-RED-L',
      position: '0',
    });
    // The pairs in another order are the same combination: the same hash, refused.
    const again = await api('POST', '/api/combinations', {
      body: {
        product_id: productId,
        combination: { [size.id]: Number(size.variants[1]), [color.id]: color.variants[0] },
      },
    });
    expectError(again, 400);
    expect(again.json.message).toContain(hash);
    // Another product with the "same" variant ids cannot collide: the product is part of the hash.
    const other = await createCombination({ product_id: productId, combination: { [color.id]: color.variants[1] } });
    expect(other).not.toBe(hash);
  });

  it('POST: missing fields, unknown product, foreign option or variant → 400 naming the field', async () => {
    const { productId, options } = await productWithOptions();
    const other = await productWithOptions();
    const combination = { [options[0]!.id]: options[0]!.variants[0] };
    expectError(
      await api('POST', '/api/combinations', { body: { combination } }),
      400,
      'Bad Request: The product_id field is required',
    );
    expectError(
      await api('POST', '/api/combinations', { body: { product_id: productId } }),
      400,
      'Bad Request: The combination field is required',
    );
    const unknown = await api('POST', '/api/combinations', { body: { product_id: 99999999, combination } });
    expectError(unknown, 400);
    expect(unknown.json.message).toContain('product_id');
    for (const bad of [
      { [other.options[0]!.id]: other.options[0]!.variants[0] },
      { [options[0]!.id]: '99999999' },
      {},
    ]) {
      const response = await api('POST', '/api/combinations', { body: { product_id: productId, combination: bad } });
      expectError(response, 400);
      expect(response.json.message).toContain('combination');
    }
    expectError(
      await api('POST', '/api/combinations', { body: { product_id: productId, combination, amount: -1 } }),
      400,
    );
  });

  it('PUT /combinations/<hash> changes amount, product_code, position and answers the hash; 404s; DELETE 204 then 404', async () => {
    const { productId, options } = await productWithOptions();
    const hash = await createCombination({
      product_id: productId,
      combination: { [options[0]!.id]: options[0]!.variants[0] },
    });
    const put = await api('PUT', `/api/combinations/${hash}`, {
      body: { amount: 3, product_code: 'NEW', position: 2 },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ combination_hash: hash });
    expect((await api('GET', `/api/combinations/${hash}`)).json).toMatchObject({
      amount: '3',
      product_code: 'NEW',
      position: '2',
    });
    expectError(await api('PUT', `/api/combinations/${hash}`, { body: { amount: 'many' } }), 400);
    expectError(await api('PUT', '/api/combinations/12345', { body: { amount: 1 } }), 404);
    expectError(await api('GET', '/api/combinations/12345'), 404);
    expectError(await api('GET', '/api/combinations/not-a-hash'), 404);
    expectStatus(await api('DELETE', `/api/combinations/${hash}`), 204);
    expectError(await api('DELETE', `/api/combinations/${hash}`), 404);
    expectError(await api('GET', `/api/combinations/${hash}`), 404);
    // Deleted, it can be created again: the same (product, combination) gives the same hash.
    expect(
      await createCombination({ product_id: productId, combination: { [options[0]!.id]: options[0]!.variants[0] } }),
    ).toBe(hash);
  });

  it('cascades: deleting an option removes the combinations naming it; deleting the product removes the rest', async () => {
    const { productId, options } = await productWithOptions();
    const [color, size] = options as [{ id: number; variants: string[] }, { id: number; variants: string[] }];
    const withColor = await createCombination({
      product_id: productId,
      combination: { [color.id]: color.variants[0], [size.id]: size.variants[0] },
    });
    const sizeOnly = await createCombination({ product_id: productId, combination: { [size.id]: size.variants[1] } });
    expectStatus(await api('DELETE', `/api/options/${color.id}`), 204);
    expectError(await api('GET', `/api/combinations/${withColor}`), 404);
    expectStatus(await api('GET', `/api/combinations/${sizeOnly}`), 200);
    expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
    expectError(await api('GET', `/api/combinations/${sizeOnly}`), 404);
  });

  it('view_catalog reads, manage_catalog writes; vendors 403', async () => {
    const { productId, options } = await productWithOptions();
    const reader = await createAdmin(['view_catalog']);
    expectStatus(await api('GET', `/api/combinations?product_id=${productId}`, { auth: reader.auth }), 200);
    expectForbidden(
      await api('POST', '/api/combinations', {
        auth: reader.auth,
        body: { product_id: productId, combination: { [options[0]!.id]: options[0]!.variants[0] } },
      }),
    );
    const vendor = await createApiUser('V', ['--company', String(await createStore())]);
    expectForbidden(await api('GET', `/api/combinations?product_id=${productId}`, { auth: vendor.auth }));
  });
});
