/**
 * Batches and the change feed: one change event per changed object, as for single requests, and none for a refused
 * item (in-process; the batches over real HTTP: test/e2e/batches-in-context-and-docs.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore } from '../support/catalog.js';
import { useChangeFeed } from '../support/change-feed.js';
import { feedCursorNow, feedEventsAfter } from '../support/feed-walk.js';
import { expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

let companyA: number;

beforeAll(async () => {
  companyA = await createStore();
});

describe('batches and the change feed', () => {
  it('one event per changed object, as for single requests; a refused item makes none', async () => {
    const cursor = await feedCursorNow('&entity=products');
    const ids = [
      await createProduct({ company_id: companyA, price: 1 }),
      await createProduct({ company_id: companyA, price: 2 }),
    ];
    const response = await api('POST', '/api/products/batch', {
      body: {
        create: [{ product: `Feed ${uid()}`, price: '3.00', company_id: companyA }],
        update: ids.map((id) => ({ product_id: id, price: '9.00' })),
        delete: [999_999_997],
      },
    });
    expectStatus(response, 200);
    const createdId = response.json.create[0].product_id as number;
    const touched = new Set([...ids, createdId].map(String));
    const events = (
      await feedEventsAfter(
        cursor,
        (seen) => seen.filter((e) => touched.has(e.object_id)).length >= 5,
        '&entity=products',
      )
    ).filter((e) => touched.has(e.object_id) || e.object_id === '999999997');
    // The two single POSTs, then the batch: its create and one update per product; the refused delete made none.
    const expected = [
      ...[...ids, createdId].map((id) => `products.created ${id}`),
      ...ids.map((id) => `products.updated ${id}`),
    ];
    expect(events.map((e) => `${e.type} ${e.object_id}`).sort()).toEqual(expected.sort());
    for (const event of events.filter((e) => e.type === 'products.updated'))
      expect(event.data.changed_fields).toContain('price');
  });
});
