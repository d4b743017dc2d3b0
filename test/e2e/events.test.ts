/**
 * The change feed end to end: changes made over HTTP (serverless offline) are committed to DynamoDB Local,
 * its stream feeds the consumer (the local poller of the test run's global setup), and GET /api/events walks
 * the stored events. Creates, updates and deletes of products, orders and users; stock and memberships;
 * rejected requests making none; 1,000 concurrent changes walked exactly once while they are written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { useChangeFeed } from '../support/change-feed.js';
import { feedPage, feedCursorNow as presentCursor, feedEventsAfter as walk } from '../support/feed-walk.js';
import {
  createAdmin,
  createGroup,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  inBatches,
  setLink,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

async function created(path: string, body: object, key: string): Promise<number> {
  const response = await api('POST', path, { body });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return Number(response.json[key]);
}

const ofObject = (entity: string, id: number | string) => (event: ChangeEvent) =>
  event.entity === entity && event.object_id === String(id);

let companyId: number;

beforeAll(async () => {
  companyId = await created(
    '/api/stores',
    { company: `Events ${uid()}`, storefront: `${uid()}.example.com` },
    'store_id',
  );
});

describe('events from the data', () => {
  it('a product created, updated and deleted gives created, updated (with the changed fields) and deleted, in order', async () => {
    const cursor = await presentCursor('&entity=products');
    const id = await created(
      '/api/products',
      { product: `Lamp ${uid()}`, price: '30.00', amount: 5, company_id: companyId },
      'product_id',
    );
    expectStatus(await api('PUT', `/api/products/${id}`, { body: { price: '35.50' } }), 200);
    const shown = (await api('GET', `/api/products/${id}`)).json;
    expectStatus(await api('DELETE', `/api/products/${id}`), 204);

    const events = (
      await walk(cursor, (seen) => seen.filter(ofObject('products', id)).length >= 3, '&entity=products')
    ).filter(ofObject('products', id));
    expect(events.map((e) => e.type)).toEqual(['products.created', 'products.updated', 'products.deleted']);
    const [create, update, remove] = events as [ChangeEvent, ChangeEvent, ChangeEvent];
    expect(create.company_id).toBe(companyId);
    expect(create.data.object).toMatchObject({ product_id: id, price: '30.00' });
    expect(update.data.changed_fields).toContain('price');
    expect(update.data.changed_fields).not.toContain('product');
    // The update's object and the delete's last state are what GET /products/:id showed.
    expect(update.data.object).toEqual(shown);
    expect(remove.data.object).toEqual(shown);
    expect(Object.keys(update.data.object)).toEqual(Object.keys(shown));
    expect(Object.keys(create)).toEqual([
      'id',
      'type',
      'entity',
      'action',
      'object_id',
      'company_id',
      'created_at',
      'data',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    for (const event of events) expect(Date.parse(event.created_at)).toBeGreaterThan(Date.now() - 120_000);
  });

  it('an order gives orders.created and its products’ stock changes products.updated naming amount', async () => {
    const cursor = await presentCursor();
    const productId = await created(
      '/api/products',
      { product: `Mug ${uid()}`, price: '4.00', amount: 10, company_id: companyId },
      'product_id',
    );
    const customerId = await createUser({ user_type: 'C', email: uniqueEmail('buyer') });
    const orderId = await created(
      '/api/orders',
      { user_id: customerId, payment_id: 1, shipping_id: 1, products: { 1: { product_id: productId, amount: 3 } } },
      'order_id',
    );
    expectStatus(await api('PUT', `/api/orders/${orderId}`, { body: { notes: 'ring twice' } }), 200);

    const events = await walk(
      cursor,
      (seen) =>
        seen.filter(ofObject('orders', orderId)).length >= 2 &&
        seen.filter(ofObject('products', productId)).length >= 2,
    );
    const order = events.filter(ofObject('orders', orderId));
    expect(order.map((e) => e.type)).toEqual(['orders.created', 'orders.updated']);
    expect(order[0]!.company_id).toBe(companyId);
    expect(order[0]!.data.object).toMatchObject({ order_id: String(orderId), user_id: String(customerId) });
    expect(order[1]!.data.changed_fields).toContain('notes');
    const stock = events.filter(ofObject('products', productId));
    expect(stock.map((e) => e.type)).toEqual(['products.created', 'products.updated']);
    expect(stock[1]!.data.changed_fields).toEqual(['amount']);
    expect(stock[1]!.data.object.amount).toBe('7');
    expect(events.filter(ofObject('users', customerId)).map((e) => e.type)).toEqual(['users.created']);
  });

  it('users created, updated and deleted, and a membership, give users.* and memberships.* events', async () => {
    const cursor = await presentCursor();
    const userId = await createUser({ user_type: 'C', email: uniqueEmail('evt') });
    expectStatus(await api('PUT', `/api/users/${userId}`, { body: { firstname: 'Renamed' } }), 200);
    const groupId = await createGroup({ type: 'C', status: 'A', usergroup: `Group ${uid()}` });
    await setLink(userId, groupId, 'A');
    expectStatus(await api('DELETE', `/api/users/${userId}`), 204);

    const membership = `${userId}/${groupId}`;
    const events = await walk(
      cursor,
      (seen) => seen.filter(ofObject('users', userId)).length >= 3 && seen.some(ofObject('memberships', membership)),
    );
    const user = events.filter(ofObject('users', userId));
    expect(user.map((e) => e.type)).toEqual(['users.created', 'users.updated', 'users.deleted']);
    expect(user[1]!.data.changed_fields).toEqual(['firstname']);
    expect(user[2]!.data.object).toMatchObject({ user_id: String(userId), firstname: 'Renamed' });
    expect(JSON.stringify(user)).not.toMatch(/key_hash|password_hash|email_lc/);
    expect(events.filter(ofObject('usergroups', groupId)).map((e) => e.type)).toEqual(['usergroups.created']);
    // Deleting the user takes its link with it in the same transaction.
    expect(events.filter(ofObject('memberships', membership)).map((e) => e.type)).toEqual([
      'memberships.created',
      'memberships.deleted',
    ]);
  });

  it('rejected requests make no events', async () => {
    const cursor = await presentCursor();
    const productId = await created(
      '/api/products',
      { product: `Only ${uid()}`, price: '1.00', amount: 1, company_id: companyId },
      'product_id',
    );
    const customerId = await createUser({ user_type: 'C', email: uniqueEmail('none') });
    const rejected = [
      await api('POST', '/api/products', { body: { product: 'Orphan', company_id: 999_999_999 } }), // no such company
      await api('PUT', `/api/products/${productId}`, { body: { price: 'cheap' } }),
      await api('POST', '/api/orders', {
        body: {
          user_id: customerId,
          payment_id: 1,
          shipping_id: 1,
          products: { 1: { product_id: productId, amount: 5 } },
        },
      }), // out of stock
      await api('DELETE', `/api/products/999999999`),
      await api('POST', '/api/users', { body: { email: 'not-an-email', user_type: 'C' } }),
    ];
    for (const [i, response] of rejected.entries())
      expect([400, 404], `rejected[${i}]: ${JSON.stringify(response.json)}`).toContain(response.status);
    // A sentinel change after the rejected ones: once it is walked, anything they made would have been too.
    const sentinel = await created('/api/taxes', { tax: `Sentinel ${uid()}` }, 'tax_id');
    const events = await walk(cursor, (seen) => seen.some(ofObject('taxes', sentinel)));
    const ours = events.filter(
      (e) =>
        ofObject('products', productId)(e) ||
        ofObject('users', customerId)(e) ||
        e.entity === 'orders' ||
        ofObject('taxes', sentinel)(e),
    );
    expect(ours.map((e) => `${e.type} ${e.object_id}`).sort()).toEqual(
      [`products.created ${productId}`, `taxes.created ${sentinel}`, `users.created ${customerId}`].sort(),
    );
  });
});

describe('the pull feed', () => {
  it('1,000 concurrent changes give 1,000 events, walked exactly once while they are written', async () => {
    const filter = '&entity=taxes';
    const cursor = await presentCursor(filter);
    const ids = new Set<string>();
    const tag = uid();
    // Every 10th request is invalid (no tax name): rejected, it must make no event.
    const writing = inBatches(1100, 25, async (i) => {
      const response = await api('POST', '/api/taxes', {
        body: i % 11 === 10 ? { status: 'A' } : { tax: `Load ${tag} ${i}` },
      });
      if (response.status === 201) ids.add(String(response.json.tax_id));
      else expectError(response, 400);
    });
    // The walk runs while the writes do: every page it gets is settled, so nothing lands behind its cursor.
    const walking = walk(
      cursor,
      (seen) => ids.size === 1000 && seen.filter((e) => ids.has(e.object_id)).length >= 1000,
      filter,
    );
    await writing;
    expect(ids.size).toBe(1000);
    const walked = await walking;
    const ours = walked.filter((e) => ids.has(e.object_id));
    expect(ours).toHaveLength(1000);
    expect(new Set(ours.map((e) => e.id)).size).toBe(1000);
    expect(new Set(ours.map((e) => e.object_id))).toEqual(ids);
    expect(ours.every((e) => e.type === 'taxes.created' && String(e.data.object.tax).startsWith(`Load ${tag}`))).toBe(
      true,
    );
    // Nothing else of this test's taxes: no event for a rejected request.
    expect(walked.filter((e) => String(e.data.object.tax ?? '').startsWith(`Load ${tag}`))).toHaveLength(1000);
  }, 300_000);

  it('filters by type and entity, and keeps a cursor to its filters', async () => {
    const cursor = await presentCursor('&type=products.deleted,taxes.*');
    const productId = await created(
      '/api/products',
      { product: `Gone ${uid()}`, price: '1.00', company_id: companyId },
      'product_id',
    );
    expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
    const taxId = await created('/api/taxes', { tax: `Kept ${uid()}` }, 'tax_id');
    const events = await walk(cursor, (seen) => seen.some(ofObject('taxes', taxId)), '&type=products.deleted,taxes.*');
    expect(events.every((e) => e.type === 'products.deleted' || e.entity === 'taxes')).toBe(true);
    expect(events.filter(ofObject('products', productId)).map((e) => e.type)).toEqual(['products.deleted']);
    expectError(await api('GET', `/api/events?cursor=${encodeURIComponent(cursor)}`), 400);
    expectError(await api('GET', '/api/events?type=products.exploded'), 400);
    expectError(await api('GET', '/api/events?entity=nothing'), 400);
    expectError(await api('GET', '/api/events?cursor=forged.AAAA'), 400);
  });

  it('answers under /api/2.0 too, and needs view_events: root by default, else a group granting it', async () => {
    expectStatus(await api('GET', '/api/2.0/events?items_per_page=1'), 200);
    const plain = await createAdmin(['view_catalog']);
    expectForbidden(await api('GET', '/api/events', { auth: plain.auth }));
    const reader = await createAdmin(['view_events']);
    const page = await feedPage('?items_per_page=2', reader.auth);
    expect(page.events.length).toBeLessThanOrEqual(2);
    expect(page.params.next).toMatch(/\./);
  });
});
