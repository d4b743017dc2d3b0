/**
 * Option exceptions (the recording's `exceptions`, SPEC §10) over real HTTP: the collection needs
 * product_id and is a bare list, the combination object, references (our 400s where CS-Cart answers
 * 200 with a message), repeated combinations, cascades, privileges.
 */
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  createStore,
  createVia,
  expectShape,
  type FieldTable,
  productWithOptions as withOptions,
} from '../support/catalog.js';
import { createAdmin, createApiUser, expectError, expectForbidden, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';

const productWithOptions = () => withOptions('S');

const EXCEPTION: FieldTable = {
  exception_id: ['str(int)', 'str(int)'],
  product_id: ['str(int)', 'str(int)'],
  combination: ['object{id}', 'object{id}'],
};

describe('exceptions', () => {
  it('GET without product_id → 400 naming it; an unknown product, or one without exceptions → 404', async () => {
    expectError(
      await api('GET', '/api/exceptions?items_per_page=2'),
      400,
      'Bad Request: The product_id field is required',
    );
    expectError(await api('GET', '/api/exceptions?product_id=99999999'), 404);
    expectError(await api('GET', `/api/exceptions?product_id=${await createProduct()}`), 404);
  });

  it('POST 201 {exception_id} (integer); the list is a bare array; GET one has the combination with string ids', async () => {
    const { productId, options } = await productWithOptions();
    const combination = {
      [options[0]!.id]: options[0]!.variants[0],
      [options[1]!.id]: Number(options[1]!.variants[1]),
    };
    const id = await createVia('/api/exceptions', 'exception_id', { product_id: productId, combination });
    const list = await api('GET', `/api/exceptions?product_id=${productId}`);
    expectStatus(list, 200);
    expect(Array.isArray(list.json)).toBe(true);
    expect(list.json).toHaveLength(1);
    expectShape(list.json[0], EXCEPTION, 'list');
    const single = await api('GET', `/api/exceptions/${id}`);
    expectStatus(single, 200);
    expectShape(single.json, EXCEPTION, 'single');
    expect(single.json).toEqual({
      exception_id: String(id),
      product_id: String(productId),
      combination: { [options[0]!.id]: options[0]!.variants[0], [options[1]!.id]: options[1]!.variants[1] },
    });
    expect(list.json[0]).toEqual(single.json);
    // The same combination again: the existing exception's id, nothing new.
    const again = await api('POST', '/api/exceptions', {
      body: {
        product_id: productId,
        combination: { [options[1]!.id]: options[1]!.variants[1], [options[0]!.id]: options[0]!.variants[0] },
      },
    });
    expectStatus(again, 201);
    expect(again.json).toEqual({ exception_id: id });
    expect((await api('GET', `/api/exceptions?product_id=${productId}`)).json).toHaveLength(1);
  });

  it('POST: missing product_id or combination, an unknown product, a foreign option or variant → 400 naming the field', async () => {
    const { productId, options } = await productWithOptions();
    const other = await productWithOptions();
    const combination = { [options[0]!.id]: options[0]!.variants[0] };
    expectError(
      await api('POST', '/api/exceptions', { body: { combination } }),
      400,
      'Bad Request: The product_id field is required',
    );
    expectError(
      await api('POST', '/api/exceptions', { body: { product_id: productId } }),
      400,
      'Bad Request: The combination field is required',
    );
    const unknown = await api('POST', '/api/exceptions', { body: { product_id: 99999999, combination } });
    expectError(unknown, 400);
    expect(unknown.json.message).toContain('product_id');
    for (const bad of [
      { [other.options[0]!.id]: other.options[0]!.variants[0] },
      { [options[0]!.id]: other.options[0]!.variants[0] },
      {},
      'x',
    ]) {
      const response = await api('POST', '/api/exceptions', { body: { product_id: productId, combination: bad } });
      expectError(response, 400);
      expect(response.json.message, JSON.stringify(bad)).toContain('combination');
    }
  });

  it('PUT 200 {exception_id}: combination required, product_id optional but must match; 404s; DELETE 204 then 404', async () => {
    const { productId, options } = await productWithOptions();
    const id = await createVia('/api/exceptions', 'exception_id', {
      product_id: productId,
      combination: { [options[0]!.id]: options[0]!.variants[0] },
    });
    const changed = { [options[0]!.id]: options[0]!.variants[1], [options[1]!.id]: options[1]!.variants[0] };
    const put = await api('PUT', `/api/exceptions/${id}`, { body: { combination: changed } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ exception_id: String(id) });
    expect((await api('GET', `/api/exceptions/${id}`)).json.combination).toEqual(changed);
    expectStatus(
      await api('PUT', `/api/exceptions/${id}`, { body: { product_id: productId, combination: changed } }),
      200,
    );
    const mismatch = await api('PUT', `/api/exceptions/${id}`, {
      body: { product_id: await createProduct(), combination: changed },
    });
    expectError(mismatch, 400);
    expect(mismatch.json.message).toContain('product_id');
    expectError(
      await api('PUT', `/api/exceptions/${id}`, { body: { product_id: productId } }),
      400,
      'Bad Request: The combination field is required',
    );
    const second = await createVia('/api/exceptions', 'exception_id', {
      product_id: productId,
      combination: { [options[1]!.id]: options[1]!.variants[1] },
    });
    const repeat = await api('PUT', `/api/exceptions/${second}`, { body: { combination: changed } });
    expectError(repeat, 400);
    expect(repeat.json.message).toContain('combination');
    expectError(await api('PUT', '/api/exceptions/99999999', { body: { combination: changed } }), 404);
    expectError(await api('GET', '/api/exceptions/99999999'), 404);
    expectStatus(await api('DELETE', `/api/exceptions/${id}`), 204);
    expectError(await api('DELETE', `/api/exceptions/${id}`), 404);
    expectError(await api('GET', `/api/exceptions/${id}`), 404);
  });

  it('cascades: deleting an option (or a variant of it) removes the exceptions naming it; deleting the product removes the rest', async () => {
    const { productId, options } = await productWithOptions();
    const [color, size] = options as [{ id: number; variants: string[] }, { id: number; variants: string[] }];
    const both = await createVia('/api/exceptions', 'exception_id', {
      product_id: productId,
      combination: { [color.id]: color.variants[0], [size.id]: size.variants[0] },
    });
    const sizeOnly = await createVia('/api/exceptions', 'exception_id', {
      product_id: productId,
      combination: { [size.id]: size.variants[1] },
    });
    const colorTwo = await createVia('/api/exceptions', 'exception_id', {
      product_id: productId,
      combination: { [color.id]: color.variants[1] },
    });
    // Color keeps only its first variant: the exception naming the second goes.
    expectStatus(
      await api('PUT', `/api/options/${color.id}`, {
        body: { option_type: 'S', variants: [{ variant_id: color.variants[0], variant_name: 'one' }] },
      }),
      200,
    );
    expectError(await api('GET', `/api/exceptions/${colorTwo}`), 404);
    expectStatus(await api('GET', `/api/exceptions/${both}`), 200);
    expectStatus(await api('DELETE', `/api/options/${color.id}`), 204);
    expectError(await api('GET', `/api/exceptions/${both}`), 404);
    expectStatus(await api('GET', `/api/exceptions/${sizeOnly}`), 200);
    expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
    expectError(await api('GET', `/api/exceptions/${sizeOnly}`), 404);
    expectError(await api('GET', `/api/options/${size.id}`), 404);
  });

  it('view_catalog reads, manage_catalog writes; vendors 403; 405 on POST to an id', async () => {
    const { productId, options } = await productWithOptions();
    const id = await createVia('/api/exceptions', 'exception_id', {
      product_id: productId,
      combination: { [options[0]!.id]: options[0]!.variants[0] },
    });
    const reader = await createAdmin(['view_catalog']);
    expectStatus(await api('GET', `/api/exceptions/${id}`, { auth: reader.auth }), 200);
    expectForbidden(await api('DELETE', `/api/exceptions/${id}`, { auth: reader.auth }));
    const vendor = await createApiUser('V', ['--company', String(await createStore())]);
    expectForbidden(await api('GET', `/api/exceptions?product_id=${productId}`, { auth: vendor.auth }));
    expectError(await api('POST', `/api/exceptions/${id}`, { body: { product_id: productId } }), 405);
  });
});
