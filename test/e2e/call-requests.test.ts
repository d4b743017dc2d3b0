/**
 * Call requests (the recording's `call_requests`) over real HTTP: phone or email required (the message
 * names phone), the recorded JSON types, the product reference, paging, 404s and privileges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createApiUser, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

const create = (body: object) => api('POST', '/api/call_requests', { body });

let productId: number;

beforeAll(async () => {
  const response = await api('POST', '/api/products', { body: { product: `Item ${uid()}`, price: '5.00' } });
  expectStatus(response, 201);
  productId = response.json.product_id;
});

describe('call_requests', () => {
  it('POST needs phone or email; the message names phone', async () => {
    const missing = await create({ name: 'ZZ' });
    expectError(missing, 400, 'Bad Request: The phone field is required');
    expect(missing.json.errors).toEqual([{ field: 'phone', message: 'The phone field is required' }]);
    expectStatus(await create({ name: 'By mail', email: `${uid()}@example.com` }), 201);
  });

  it('201 with an integer id, then the recorded types; PUT changes status and notes; DELETE twice → 204, 404', async () => {
    const response = await create({
      name: 'ZZ API Caller',
      phone: '+15550001111',
      notes: 'zz test',
      time_from: '10:00',
      time_to: '12:00',
    });
    expectStatus(response, 201);
    const id = response.json.request_id;
    expect(Number.isInteger(id)).toBe(true);
    const single = await api('GET', `/api/call_requests/${id}`);
    expectStatus(single, 200);
    expect(single.json).toMatchObject({
      request_id: String(id),
      company_id: '0',
      order_id: '0',
      user_id: '0',
      product_id: '0',
      status: 'new',
      name: 'ZZ API Caller',
      phone: '+15550001111',
      time_from: '10:00',
      time_to: '12:00',
      notes: 'zz test',
      cart_products: '',
      order_status: null,
      product: null,
    });
    expect(single.json.timestamp).toMatch(/^\d+$/);
    expect(typeof single.json.responsible).toBe('object');
    expect(single.json).not.toHaveProperty('email');

    const updated = await api('PUT', `/api/call_requests/${id}`, { body: { status: 'in_progress', notes: 'zz upd' } });
    expectStatus(updated, 200);
    expect(updated.json).toEqual({ request_id: String(id) });
    expect((await api('GET', `/api/call_requests/${id}`)).json).toMatchObject({
      status: 'in_progress',
      notes: 'zz upd',
    });
    expectError(await api('PUT', `/api/call_requests/${id}`, { body: { status: 'X' } }), 400);

    expectStatus(await api('DELETE', `/api/call_requests/${id}`), 204);
    expectError(await api('DELETE', `/api/call_requests/${id}`), 404);
    expectError(await api('GET', `/api/call_requests/${id}`), 404);
    expectError(await api('PUT', `/api/call_requests/${id}`, { body: { notes: 'x' } }), 404);
  });

  it('a product_id must name an existing product (400 naming the field)', async () => {
    const bad = await create({ phone: '1', product_id: 999_999_999 });
    expectError(bad, 400);
    expect(bad.json.errors[0].field).toBe('product_id');
    const good = await create({ phone: '1', product_id: productId });
    expectStatus(good, 201);
    expect((await api('GET', `/api/call_requests/${good.json.request_id}`)).json.product_id).toBe(String(productId));
  });

  it('the list: wrapped, integer total_items, id ascending, a status filter, an empty page past the end', async () => {
    const tag = uid();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ name: `L ${tag}`, phone: `${i}` })).json.request_id);
    const list = await api('GET', `/api/call_requests?name=${tag}&items_per_page=2`);
    expectStatus(list, 200);
    expect(list.json.call_requests.map((row: { request_id: string }) => Number(row.request_id))).toEqual(
      ids.slice(0, 2),
    );
    expect(list.json.params.total_items).toBe(3);
    expect(list.json.search.total_items).toBe(3);
    const past = await api('GET', `/api/call_requests?name=${tag}&items_per_page=2&page=5`);
    expect(past.json.call_requests).toEqual([]);
    await api('PUT', `/api/call_requests/${ids[1]}`, { body: { status: 'completed' } });
    const completed = await api('GET', `/api/call_requests?status=completed&name=${tag}`);
    expect(completed.json.call_requests.map((row: { request_id: string }) => Number(row.request_id))).toEqual([ids[1]]);
    expectError(await api('GET', '/api/call_requests?status=bogus'), 400);
  });

  it('405s and privileges: view_call_requests reads, manage_call_requests writes; vendors 403', async () => {
    expectError(await api('POST', '/api/call_requests/1', { body: { phone: '1' } }), 405);
    expectError(await api('PUT', '/api/call_requests', { body: { phone: '1' } }), 405);
    const viewer = await createAdmin(['view_call_requests']);
    expectStatus(await api('GET', '/api/call_requests', { auth: viewer.auth }), 200);
    expectForbidden(await api('POST', '/api/call_requests', { auth: viewer.auth, body: { phone: '1' } }));
    const manager = await createAdmin(['manage_call_requests']);
    expectForbidden(await api('GET', '/api/call_requests', { auth: manager.auth }));
    expectStatus(await api('POST', '/api/call_requests', { auth: manager.auth, body: { phone: '1' } }), 201);
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', '/api/call_requests', { auth: vendor.auth }));
  }, 180_000);
});
