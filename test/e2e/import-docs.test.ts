/**
 * docs/moving.md run as a store owner runs it: every ```sh block, in order, verbatim, in one shell with the export
 * line of a fresh `npm start -- --in-memory`, the old store being the CS-Cart double (its URL, administrator and key
 * in CSCART_URL, CSCART_EMAIL, CSCART_KEY, which the page's first block keeps when set). Then the store is read back:
 * the catalogue came across under the source's ids, and the old administrator's new key reads it.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { type CsCartStore, startCsCartStore } from '../support/cscart-store/server.js';
import { FreshStore, STARTUP_MS, shellBlocksOfFile } from '../support/doc-shell.js';

const PRODUCTS = 20;
let store: FreshStore;
let source: CsCartStore;

beforeAll(async () => {
  [store, source] = await Promise.all([FreshStore.start(), startCsCartStore({ products: PRODUCTS })]);
}, STARTUP_MS);

afterAll(async () => {
  await source?.close();
  await store?.stop();
  // The page's export block writes `store-backup` where it runs (the repository here).
  rmSync(join(repoRoot, 'store-backup'), { recursive: true, force: true });
}, 30_000);

describe('docs/moving.md on a fresh npm start, from a CS-Cart store', () => {
  it('every block runs verbatim in one shell: import, resume, check, --since delta, new key, export and back', async () => {
    const blocks = shellBlocksOfFile('docs/moving.md');
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const oldStore = `export CSCART_URL='${source.url}' CSCART_EMAIL='${source.email}' CSCART_KEY='${source.key}'`;
    const run = await store.run([oldStore, ...blocks], [], 900_000);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^report: .+\.jsonl$/m);
    expect(run.stdout).toMatch(/^entity\s+read\s+written\s+unchanged\s+refused$/m);
    // The last curl of step 4: the old administrator's new key reads the moved catalogue.
    expect(run.stdout).toContain('"products":[');

    const listed = (await store.read('/products?items_per_page=250')).products as Array<Record<string, unknown>>;
    expect(listed.map((row) => String(row.product_id)).sort()).toEqual(
      [...source.data.tables.get('products')!.keys()].sort(),
    );
    const [id, product] = [...source.data.tables.get('products')!.entries()][0]!;
    expect((await store.read(`/products/${id}`)).product_code).toBe(product.product_code);
  }, 960_000);
});
