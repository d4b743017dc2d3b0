/**
 * Carts (the recording's `carts`; the id is the user_id) over real HTTP: GET and DELETE only (POST and PUT
 * are 405). Only the storefront fills a cart (test/e2e/storefront.test.ts), so a user who never used it is a 404
 * (SPEC §10 Carts, the recording's #212), GET and DELETE alike, and is in no page of the collection;
 * view_users / manage_users are judged before that 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createApiUser,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

let customerId: number;

beforeAll(async () => {
  customerId = await createUser({
    user_type: 'C',
    email: uniqueEmail('cart'),
    firstname: 'George',
    lastname: 'Nills',
    phone: '+16175555555',
  });
});

describe('carts', () => {
  it('POST and PUT are always 405', async () => {
    expectError(await api('POST', '/api/carts', { body: { user_id: customerId } }), 405);
    expectError(await api('PUT', `/api/carts/${customerId}`, { body: { x: 1 } }), 405);
    expectError(await api('PUT', '/api/carts', { body: { x: 1 } }), 405);
    expectError(await api('DELETE', '/api/carts'), 405);
    expectError(await api('POST', `/api/carts/${customerId}`, { body: { x: 1 } }), 405);
  });

  it('GET /carts/:user_id of a user without a cart → 404, like an unknown user or a malformed id', async () => {
    expectStatus(await api('GET', `/api/users/${customerId}`), 200);
    expectError(await api('GET', `/api/carts/${customerId}`), 404);
    expectError(await api('GET', '/api/carts/999999999'), 404);
    expectError(await api('GET', '/api/carts/abc'), 404);
  });

  it('GET /carts?user_id= of a user without a cart: wrapped, the page is empty, total_items 0', async () => {
    const response = await api('GET', `/api/carts?items_per_page=2&user_id=${customerId}`);
    expectStatus(response, 200);
    expect(response.json.carts).toEqual([]);
    expect(response.json.params).toMatchObject({ page: 1, items_per_page: 2, total_items: 0 });
    expect(response.json.search.total_items).toBe(0);
    expectError(await api('GET', '/api/carts?items_per_page=0'), 400);
  });

  it('DELETE /carts/:user_id: no cart to delete → 404, for an existing user as for an unknown one', async () => {
    expectError(await api('DELETE', `/api/carts/${customerId}`), 404);
    expectError(await api('DELETE', '/api/carts/999999999'), 404);
  });

  it('view_users reads, manage_users deletes (each then finds no cart: 404); vendors 403', async () => {
    const viewer = await createAdmin(['view_users']);
    expectError(await api('GET', `/api/carts/${customerId}`, { auth: viewer.auth }), 404);
    expectForbidden(await api('DELETE', `/api/carts/${customerId}`, { auth: viewer.auth }));
    const manager = await createAdmin(['manage_users']);
    expectForbidden(await api('GET', '/api/carts', { auth: manager.auth }));
    expectForbidden(await api('GET', `/api/carts/${customerId}`, { auth: manager.auth }));
    expectError(await api('DELETE', `/api/carts/${customerId}`, { auth: manager.auth }), 404);
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', '/api/carts', { auth: vendor.auth }));
  }, 180_000);
});
