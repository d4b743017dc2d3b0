/**
 * Batches beyond their answers: one change event per changed object (none for a refused item), a batch in a
 * store context path, and docs/api.md's "Batches and upsert" example run verbatim in a shell.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { createProduct, createStore, getOk } from '../support/catalog.js';
import { useChangeFeed } from '../support/change-feed.js';
import { shellBlocksOf } from '../support/doc-shell.js';
import { feedCursorNow, feedEventsAfter } from '../support/feed-walk.js';
import { expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { testStore } from '../support/store.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

let companyA: number;
let companyB: number;

beforeAll(async () => {
  [companyA, companyB] = [await createStore(), await createStore()];
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

describe('a batch in a store context path', () => {
  it("runs every item in that company: creates land there, another company's product is a 404", async () => {
    const foreign = await createProduct({ company_id: companyB, price: 4 });
    const response = await api('POST', `/api/stores/${companyA}/products/batch`, {
      body: {
        create: [{ product: `Ctx ${uid()}`, price: '1.00', company_id: companyB }],
        update: [{ product_id: foreign, price: '0.50' }],
      },
    });
    expectStatus(response, 200);
    expect((await getOk(`/api/products/${response.json.create[0].product_id}`)).company_id).toBe(String(companyA));
    expect(response.json.update[0]).toMatchObject({ status: 404 });
    expect((await getOk(`/api/products/${foreign}`)).price).toBe('4.00');
  });
});

describe('docs/api.md "Batches and upsert"', () => {
  it('its example runs as written: three products created by code, then updated by code (the same ids)', () => {
    const blocks = shellBlocksOf(readFileSync(join(repoRoot, 'docs/api.md'), 'utf8'), '12. Batches and upsert');
    expect(blocks).toHaveLength(1);
    const run = spawnSync('sh', ['-e', '-c', blocks[0]!], {
      env: { ...process.env, EMAIL: inject('adminEmail'), KEY: inject('adminKey'), API: `${testStore().baseUrl}/api` },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const [first, second] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { upsert: Array<{ status: number; product_id: number }> });
    expect(first!.upsert.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(second!.upsert).toEqual(first!.upsert.map((r) => ({ status: 200, product_id: r.product_id })));
  });
});
