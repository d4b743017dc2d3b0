/**
 * Discussions (the recording's `discussions`: posts on objects) over real HTTP: the thread or the object,
 * then message or rating_value; the object must exist; /products/:id/discussions lists and creates the
 * product's posts; the recorded types, 404s, 405s and privileges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { aStoreExists } from '../support/catalog.js';
import {
  createAdmin,
  createApiUser,
  expectError,
  expectForbidden,
  expectStatus,
  rootUserId,
  uid,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const create = (body: object) => api('POST', '/api/discussions', { body });
const ids = (rows: Array<{ post_id: string }>) => rows.map((row) => Number(row.post_id));

let productId: number;

beforeAll(async () => {
  await aStoreExists();
  const response = await api('POST', '/api/products', { body: { product: `Item ${uid()}`, price: '5.00' } });
  expectStatus(response, 201);
  productId = response.json.product_id;
});

describe('discussions', () => {
  it('POST: object_type, object_id, name (without thread_id), then message or rating_value', async () => {
    const none = await create({ message: 'x' });
    expectError(none, 400, 'Bad Request: The object_type field is required');
    expect(none.json.errors.map((e: { field: string }) => e.field)).toEqual(['object_type', 'object_id', 'name']);
    expectError(await create({ object_id: 0, name: 'ZZ' }), 400, 'Bad Request: The object_type field is required');
    expectError(
      await create({ object_type: 'E', object_id: 0, name: 'ZZ' }),
      400,
      'Bad Request: The rating_value/message field is required',
    );
    expectError(await create({ object_type: 'X', object_id: 0, name: 'ZZ', message: 'm' }), 400);
    expectError(await create({ object_type: 'E', object_id: 0, name: 'ZZ', rating_value: 9 }), 400);
  });

  it('the object must exist (400 naming the field); a thread_id must name a thread', async () => {
    const noProduct = await create({ object_type: 'P', object_id: 999_999_999, name: 'ZZ', message: 'm' });
    expectError(noProduct, 400);
    expect(noProduct.json.errors[0].field).toBe('object_id');
    const noThread = await create({ thread_id: 999_999_999, message: 'm' });
    expectError(noThread, 400);
    expect(noThread.json.errors[0].field).toBe('thread_id');
  });

  it('201 with an integer id; the recorded types; a second post by thread_id joins the thread; PUT; DELETE twice → 204, 404', async () => {
    const response = await create({
      object_type: 'E',
      object_id: 0,
      name: 'ZZ API Poster',
      message: 'zz api test post',
      rating_value: 5,
      send_notifications: false,
    });
    expectStatus(response, 201);
    const id = response.json.post_id;
    expect(Number.isInteger(id)).toBe(true);
    const single = await api('GET', `/api/discussions/${id}`);
    expectStatus(single, 200);
    expect(single.json).toMatchObject({
      post_id: String(id),
      name: 'ZZ API Poster',
      user_id: String(await rootUserId()),
      status: 'A',
      message: 'zz api test post',
      rating_value: '5',
      object_id: '0',
      object_type: 'E',
      type: 'B',
      company_id: '0',
    });
    expect(single.json.thread_id).toMatch(/^[1-9]\d*$/);
    expect(single.json.timestamp).toMatch(/^\d+$/);
    expect(typeof single.json.ip_address).toBe('string');

    const second = await create({ thread_id: Number(single.json.thread_id), rating_value: 3 });
    expectStatus(second, 201);
    expect((await api('GET', `/api/discussions/${second.json.post_id}`)).json).toMatchObject({
      thread_id: single.json.thread_id,
      object_type: 'E',
      object_id: '0',
    });

    const updated = await api('PUT', `/api/discussions/${id}`, {
      body: { message: 'zz api test post (upd)', status: 'D', object_type: 'P' },
    });
    expectStatus(updated, 200);
    expect(updated.json).toEqual({ post_id: String(id) });
    expect((await api('GET', `/api/discussions/${id}`)).json).toMatchObject({
      message: 'zz api test post (upd)',
      status: 'D',
      object_type: 'E',
    });
    expectError(await api('PUT', `/api/discussions/${id}`, { body: { status: 'Q' } }), 400);
    expectError(await api('PUT', '/api/discussions/999999999', { body: { message: 'x' } }), 404);

    expectStatus(await api('DELETE', `/api/discussions/${id}`), 204);
    expectError(await api('DELETE', `/api/discussions/${id}`), 404);
    expectError(await api('GET', `/api/discussions/${id}`), 404);
  });

  it('/products/:id/discussions: POST forced to the product, the list its posts only; filters on /discussions; 404 for an unknown product', async () => {
    const empty = await api('GET', `/api/products/${productId}/discussions`);
    expectStatus(empty, 200);
    expect(empty.json.discussions).toEqual([]);
    expect(empty.json.params.total_items).toBe(0);

    const first = await api('POST', `/api/products/${productId}/discussions`, {
      body: { name: 'ZZ', message: 'zz nested post', object_type: 'E', object_id: 0 },
    });
    expectStatus(first, 201);
    const second = await create({ object_type: 'P', object_id: productId, name: 'Other', rating_value: 4 });
    expectStatus(second, 201);
    await create({ object_type: 'E', object_id: 0, name: 'Elsewhere', message: 'm' });
    const post = (await api('GET', `/api/discussions/${first.json.post_id}`)).json;
    expect(post).toMatchObject({ object_type: 'P', object_id: String(productId) });

    const nested = await api('GET', `/api/products/${productId}/discussions`);
    expect(ids(nested.json.discussions)).toEqual([first.json.post_id, second.json.post_id]);
    expect(nested.json.search.total_items).toBe(2);
    const paged = await api('GET', `/api/products/${productId}/discussions?items_per_page=1&page=2`);
    expect(ids(paged.json.discussions)).toEqual([second.json.post_id]);
    const filtered = await api('GET', `/api/discussions?object_type=P&object_id=${productId}`);
    expect(ids(filtered.json.discussions)).toEqual([first.json.post_id, second.json.post_id]);
    expect(
      ids((await api('GET', `/api/discussions?thread_id=${post.thread_id}&items_per_page=5&page=2`)).json.discussions),
    ).toEqual([]);

    expectError(await api('GET', '/api/products/999999999/discussions'), 404);
    expectError(await api('POST', '/api/products/999999999/discussions', { body: { name: 'x', message: 'y' } }), 404);
    expectError(
      await api('POST', `/api/products/${productId}/discussions`, { body: { name: 'x' } }),
      400,
      'Bad Request: The rating_value/message field is required',
    );
  });

  it("deleting a product deletes its posts (as CS-Cart); other objects' posts stay", async () => {
    const doomed = (await api('POST', '/api/products', { body: { product: `Doomed ${uid()}`, price: '1.00' } })).json
      .product_id;
    const post = (await api('POST', `/api/products/${doomed}/discussions`, { body: { name: 'D', message: 'bye' } }))
      .json.post_id;
    const other = (await create({ object_type: 'P', object_id: productId, name: 'Stays', message: 'hi' })).json.post_id;
    expectStatus(await api('DELETE', `/api/products/${doomed}`), 204);
    expectError(await api('GET', `/api/discussions/${post}`), 404);
    expectStatus(await api('GET', `/api/discussions/${other}`), 200);
    expectError(await create({ object_type: 'P', object_id: doomed, name: 'Late', message: 'x' }), 400);
  });

  it("every object type of the storefront's reviews (SPEC §11): P, C, A, M (a vendor), O (an order), E; an unknown object of each is a 400", async () => {
    const made = async (path: string, body: object, key: string) => {
      const response = await api('POST', path, { body });
      expectStatus(response, 201);
      return Number(response.json[key]);
    };
    const store = await made(
      '/api/stores',
      { company: `Shop ${uid()}`, storefront: `${uid()}.example.com` },
      'store_id',
    );
    const category = await made('/api/categories', { category: `Reviewed ${uid()}`, company_id: store }, 'category_id');
    const page = await made('/api/pages', { page_type: 'T', page: `Page ${uid()}` }, 'page_id');
    const customer = await made('/api/users', { user_type: 'C', email: `${uid()}@reviews.example.com` }, 'user_id');
    const stocked = await made(
      '/api/products',
      { product: `Sold ${uid()}`, price: '2.00', amount: 3, company_id: store },
      'product_id',
    );
    const payment = await made('/api/payments', { payment: `Pay ${uid()}` }, 'payment_id');
    const shipping = await made('/api/shippings', { shipping: `Ship ${uid()}`, base_rate: '1.00' }, 'shipping_id');
    const order = await made(
      '/api/orders',
      {
        user_id: customer,
        payment_id: payment,
        shipping_id: shipping,
        products: { 1: { product_id: stocked, amount: 1 } },
      },
      'order_id',
    );
    for (const [type, id] of [
      ['P', productId],
      ['C', category],
      ['A', page],
      ['M', store],
      ['O', order],
      ['E', 0],
    ] as const) {
      const posted = await create({ object_type: type, object_id: id, name: 'Reviewer', message: `on ${type}` });
      expectStatus(posted, 201);
      const read = await api('GET', `/api/discussions/${posted.json.post_id}`);
      expect(read.json, type).toMatchObject({ object_type: type, object_id: String(id), message: `on ${type}` });
      const listed = await api('GET', `/api/discussions?object_type=${type}&object_id=${id}&items_per_page=250`);
      expect(ids(listed.json.discussions), type).toContain(posted.json.post_id);
      if (type !== 'E') {
        const absent = await create({ object_type: type, object_id: 999_999_999, name: 'Reviewer', message: 'x' });
        expectError(absent, 400);
        expect(absent.json.message, type).toContain('object_id');
      }
    }
  }, 120_000);

  it('405s; view_discussions reads, manage_discussions writes; vendors 403', async () => {
    expectError(await api('POST', '/api/discussions/1', { body: { message: 'x' } }), 405);
    expectError(await api('PUT', '/api/discussions', { body: { message: 'x' } }), 405);
    expectError(await api('PUT', `/api/products/${productId}/discussions`, { body: { message: 'x' } }), 405);
    // A post through its product (test/e2e/nested-objects.test.ts): an unknown one is a 404.
    expectError(await api('DELETE', `/api/products/${productId}/discussions/99999999`), 404);
    const viewer = await createAdmin(['view_discussions']);
    expectStatus(await api('GET', '/api/discussions', { auth: viewer.auth }), 200);
    // Through the product its read privilege is needed too (SPEC §10 "Nested paths").
    expectForbidden(await api('GET', `/api/products/${productId}/discussions`, { auth: viewer.auth }));
    const catalogViewer = await createAdmin(['view_discussions', 'view_catalog']);
    expectStatus(await api('GET', `/api/products/${productId}/discussions`, { auth: catalogViewer.auth }), 200);
    expectForbidden(await api('POST', '/api/discussions', { auth: viewer.auth, body: { message: 'x' } }));
    const manager = await createAdmin(['manage_discussions']);
    expectForbidden(await api('GET', '/api/discussions', { auth: manager.auth }));
    // Through the product, its parent must be readable too (SPEC §10 "Nested paths"): view_catalog.
    expectForbidden(
      await api('POST', `/api/products/${productId}/discussions`, {
        auth: manager.auth,
        body: { name: 'M', message: 'x' },
      }),
    );
    expectStatus(
      await api('POST', '/api/discussions', {
        auth: manager.auth,
        body: { object_type: 'P', object_id: productId, name: 'M', message: 'x' },
      }),
      201,
    );
    const catalogManager = await createAdmin(['manage_discussions', 'view_catalog']);
    expectStatus(
      await api('POST', `/api/products/${productId}/discussions`, {
        auth: catalogManager.auth,
        body: { name: 'M', message: 'x' },
      }),
      201,
    );
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', '/api/discussions', { auth: vendor.auth }));
  }, 180_000);
});
