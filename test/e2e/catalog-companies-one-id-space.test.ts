/**
 * Stores and vendors (SPEC §10; cscart-entities.md "stores", "vendors") over real HTTP, as the bootstrap root, across
 * the two views: one company id space (an object made under one is the other's, ids never reused), no delete that
 * would orphan products, and the privileges each view needs.
 */
import { describe, expect, it } from 'vitest';
import { createProduct, createStore, createVia, getOk, idsOf } from '../support/catalog.js';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

describe('stores and vendors are one company id space', () => {
  it('a company created through /vendors is the same object under /stores, and the other way round', async () => {
    const tag = uid();
    const vendorId = await createVia('/api/vendors', 'company_id', {
      company: `Vendor ${tag}`,
      email: `v-${tag}@e2e.example.com`,
    });
    const storeId = await createStore({ company: `Store ${tag}` });
    expect(storeId).not.toBe(vendorId);

    const viaStores = await getOk(`/api/stores/${vendorId}`);
    const viaVendors = await getOk(`/api/vendors/${vendorId}`);
    expect(viaStores).toEqual(viaVendors);
    expect(viaStores.company).toBe(`Vendor ${tag}`);
    expect(await getOk(`/api/vendors/${storeId}`)).toEqual(await getOk(`/api/stores/${storeId}`));

    // Listed under both views; changed through one, seen through the other.
    expect(idsOf(await getOk(`/api/stores?company=${tag}`), 'stores', 'company_id')).toEqual([vendorId, storeId]);
    expect(idsOf(await getOk(`/api/vendors?company=${tag}`), 'vendors', 'company_id')).toEqual([vendorId, storeId]);
    expectStatus(await api('PUT', `/api/stores/${vendorId}`, { body: { city: 'Lyon' } }), 200);
    expect((await getOk(`/api/vendors/${vendorId}`)).city).toBe('Lyon');
    expectStatus(await api('DELETE', `/api/vendors/${storeId}`), 204);
    expectError(await api('GET', `/api/stores/${storeId}`), 404);
  });

  it('ids are never reused: a company created after a delete gets a higher id', async () => {
    const first = await createStore();
    expectStatus(await api('DELETE', `/api/stores/${first}`), 204);
    const second = await createVia('/api/vendors', 'company_id', {
      company: `After ${uid()}`,
      email: `after-${uid()}@e2e.example.com`,
    });
    expect(second).toBeGreaterThan(first);
  });

  it('deleting a company that owns products → 400 naming why; it stays until its products are gone', async () => {
    for (const path of ['stores', 'vendors']) {
      const companyId = await createStore();
      const productId = await createProduct({ company_id: companyId });
      const refused = await api('DELETE', `/api/${path}/${companyId}`);
      expectError(refused, 400);
      expect(refused.json.message).toMatch(/^Bad Request: .*products/);
      expect((await getOk(`/api/${path}/${companyId}`)).company_id).toBe(String(companyId));
      expect((await getOk(`/api/products/${productId}`)).company_id).toBe(String(companyId));

      // A product created without category_ids went into the company's default category (made for it): it goes too.
      const defaultCategory = Number((await getOk(`/api/products/${productId}`)).category_ids[0]);
      expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
      expectStatus(await api('DELETE', `/api/categories/${defaultCategory}`), 204);
      expectStatus(await api('DELETE', `/api/${path}/${companyId}`), 204);
      expectError(await api('GET', `/api/${path}/${companyId}`), 404);
    }
  });
});

describe('privileges: stores need view_stores / manage_stores, vendors view_vendors / manage_vendors', () => {
  it('an administrator with view_stores reads stores, writes none, and may not touch /vendors', async () => {
    const admin = await createAdmin(['view_stores']);
    const id = await createStore();
    expectStatus(await api('GET', '/api/stores', { auth: admin.auth }), 200);
    expectStatus(await api('GET', `/api/stores/${id}`, { auth: admin.auth }), 200);
    expectForbidden(
      await api('POST', '/api/stores', { auth: admin.auth, body: { company: 'x', storefront: 'x.example.com' } }),
    );
    expectForbidden(await api('PUT', `/api/stores/${id}`, { auth: admin.auth, body: { company: 'x' } }));
    expectForbidden(await api('DELETE', `/api/stores/${id}`, { auth: admin.auth }));
    expectForbidden(await api('GET', '/api/vendors', { auth: admin.auth }));
    expectForbidden(await api('GET', `/api/vendors/${id}`, { auth: admin.auth }));
    expectStatus(await api('GET', `/api/stores/${id}`), 200);
  });

  it('an administrator with view_vendors and manage_vendors manages /vendors but not /stores', async () => {
    const admin = await createAdmin(['view_vendors', 'manage_vendors']);
    const id = await createVia(
      '/api/vendors',
      'company_id',
      { company: `Managed ${uid()}`, email: `m-${uid()}@e2e.example.com` },
      admin.auth,
    );
    expectStatus(await api('PUT', `/api/vendors/${id}`, { auth: admin.auth, body: { city: 'Oslo' } }), 200);
    expectForbidden(await api('GET', `/api/stores/${id}`, { auth: admin.auth }));
    expectForbidden(await api('PUT', `/api/stores/${id}`, { auth: admin.auth, body: { city: 'x' } }));
    expectStatus(await api('DELETE', `/api/vendors/${id}`, { auth: admin.auth }), 204);
  });
});
