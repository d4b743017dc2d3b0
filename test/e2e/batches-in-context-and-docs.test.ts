/**
 * Batches over real HTTP: a batch in a store context path, and docs/api.md's "Batches and upsert" example run
 * verbatim in a shell. The change events a batch makes: test/e2e/batches-feed.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { createProduct, createStore, getOk } from '../support/catalog.js';
import { shellBlocksOf } from '../support/doc-shell.js';
import { expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { testStore } from '../support/store.js';

let companyA: number;
let companyB: number;

beforeAll(async () => {
  [companyA, companyB] = [await createStore(), await createStore()];
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
