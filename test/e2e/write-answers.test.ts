/**
 * POST and PUT answers in the recording's JSON types over real HTTP (SPEC §3, issue 18 item 3): what a typed
 * CS-Cart client's create/update call parses. `api()` also checks every answer against the served OpenAPI
 * document's schema for the operation (test/support/contract.ts), so the document says the same.
 */
import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore } from '../support/catalog.js';
import { createCompany, expectStatus, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';

describe('write answers in the recorded JSON types', () => {
  it('PUT /categories/:id → {"category_id":"<id>"}, a string (the URL segment), under /api and /api/2.0', async () => {
    const id = await createCategory(await createStore());
    for (const prefix of ['/api', '/api/2.0']) {
      const response = await api('PUT', `${prefix}/categories/${id}`, { body: { category: `Renamed ${uid()}` } });
      expectStatus(response, 200);
      expect(response.body).toBe(`{"category_id":"${id}"}`);
    }
  });

  it('PUT /stores/:id and /vendors/:id → {"store_id":"<id>"}; POST /stores → an integer', async () => {
    const tag = uid();
    const created = await api('POST', '/api/stores', {
      body: { company: `Store ${tag}`, storefront: `s-${tag}.example.com` },
    });
    expectStatus(created, 201);
    expect(Number.isInteger(created.json.store_id)).toBe(true);
    const id = created.json.store_id as number;
    const put = await api('PUT', `/api/stores/${id}`, { body: { company: `Renamed ${tag}` } });
    expectStatus(put, 200);
    expect(put.body).toBe(`{"store_id":"${id}"}`);
    const vendor = await api('PUT', `/api/vendors/${await createCompany()}`, { body: { company: `Vendor ${tag}` } });
    expectStatus(vendor, 200);
    expect(typeof vendor.json.store_id).toBe('string');
  });

  it('POST /users → {"user_id":N,"profile_id":"N"}; PUT /users/:id → both strings', async () => {
    const created = await api('POST', '/api/users', { body: { email: uniqueEmail('answers'), user_type: 'C' } });
    expectStatus(created, 201);
    const id = created.json.user_id as number;
    expect(Number.isInteger(id)).toBe(true);
    expect(created.json).toEqual({ user_id: id, profile_id: String(id) });
    const put = await api('PUT', `/api/2.0/users/${id}`, { body: { firstname: 'Typed' } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ user_id: String(id), profile_id: String(id) });
  });

  it("products answer PUT with an integer, statuses answer POST with a string (the recording's exceptions)", async () => {
    const productId = await createProduct();
    const put = await api('PUT', `/api/products/${productId}`, { body: { price: 11 } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ product_id: productId });
    const status = await api('POST', '/api/statuses', { body: { description: `Status ${uid()}` } });
    expectStatus(status, 201);
    expect(status.json.status_id).toMatch(/^\d+$/);
  });

  it("usergroups keep integer ids (the seed's own resource)", async () => {
    const response = await api('POST', '/api/usergroups', {
      body: { usergroup: `Typed ${uid()}`, type: 'C', status: 'A' },
    });
    expectStatus(response, 201);
    expect(Number.isInteger(response.json.usergroup_id)).toBe(true);
  });
});
