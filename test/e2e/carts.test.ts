/**
 * Carts (the recording's `carts`; the id is the user_id) over real HTTP: GET and DELETE only (POST and PUT
 * are 405), an existing user's cart is empty in the recorded shape, the collection lists carts holding
 * products (none), 404 for unknown users, view_users / manage_users.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.js';
import { createAdmin, createApiUser, createUser, expectError, expectForbidden, expectStatus, uniqueEmail } from '../support/fixtures.js';

let customerId: number;

beforeAll(async () => {
  customerId = await createUser({ user_type: 'C', email: uniqueEmail('cart'), firstname: 'George', lastname: 'Nills', phone: '+16175555555' });
});

describe('carts', () => {
  it('POST and PUT are always 405', async () => {
    expectError(await api('POST', '/api/carts', { body: { user_id: customerId } }), 405);
    expectError(await api('PUT', `/api/carts/${customerId}`, { body: { x: 1 } }), 405);
    expectError(await api('PUT', '/api/carts', { body: { x: 1 } }), 405);
    expectError(await api('DELETE', '/api/carts'), 405);
    expectError(await api('POST', `/api/carts/${customerId}`, { body: { x: 1 } }), 405);
  });

  it("GET /carts/:user_id: an existing user's empty cart with the recorded field types; 404 for an unknown user", async () => {
    const response = await api('GET', `/api/carts/${customerId}`);
    expectStatus(response, 200);
    const user = (await api('GET', `/api/users/${customerId}`)).json;
    expect(response.json).toEqual({
      user_id: String(customerId), firstname: user.firstname, lastname: user.lastname, date: '0', ip_address: '', extra: '', storefront_id: '1',
      company_id: user.company_id, cart_products: '0', total: '0.00', order_id: '0', user_data: user, phone: user.phone, products: [],
    });
    expectError(await api('GET', '/api/carts/999999999'), 404);
    expectError(await api('GET', '/api/carts/abc'), 404);
  });

  it('GET /carts: wrapped, no cart holds products so the page is empty, total_items 0', async () => {
    const response = await api('GET', '/api/carts?items_per_page=2');
    expectStatus(response, 200);
    expect(response.json.carts).toEqual([]);
    expect(response.json.params).toMatchObject({ page: 1, items_per_page: 2, total_items: 0 });
    expect(response.json.search.total_items).toBe(0);
    expectError(await api('GET', '/api/carts?items_per_page=0'), 400);
  });

  it("DELETE /carts/:user_id empties an existing user's cart (204); unknown user → 404", async () => {
    expectStatus(await api('DELETE', `/api/carts/${customerId}`), 204);
    expectError(await api('DELETE', '/api/carts/999999999'), 404);
  });

  it('view_users reads, manage_users deletes; vendors 403', async () => {
    const viewer = await createAdmin(['view_users']);
    expectStatus(await api('GET', `/api/carts/${customerId}`, { auth: viewer.auth }), 200);
    expectForbidden(await api('DELETE', `/api/carts/${customerId}`, { auth: viewer.auth }));
    const manager = await createAdmin(['manage_users']);
    expectForbidden(await api('GET', '/api/carts', { auth: manager.auth }));
    expectStatus(await api('DELETE', `/api/carts/${customerId}`, { auth: manager.auth }), 204);
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', '/api/carts', { auth: vendor.auth }));
  }, 180_000);
});
