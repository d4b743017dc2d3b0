/**
 * The README's walkthrough, run as a newcomer runs it (test/support/doc-shell.ts): a fresh
 * `npm start -- --in-memory`, the `export EMAIL=… KEY=… API=…` line it prints pasted into a shell, then every
 * `sh` block of the README's "Walkthrough" section in that one shell, verbatim. Then the store is read back to
 * prove the blocks did what the README says (an order priced by the API, stock taken, status changed). Then the
 * same again in a new shell on the same store (the README says it runs twice), and docs/recipes.md after it
 * (recipes.md says its blocks run right after the walkthrough; test/e2e/recipes.test.ts runs them on a fresh store),
 * then docs/api.md's storefront walk, twice: the docs in the order the README sends a newcomer through them, on one
 * store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FreshStore, type ShellRun, STARTUP_MS, shellBlocksOfFile } from '../support/doc-shell.js';
import { missingRecipeOutput } from '../support/recipes-outcome.js';
import { missingStorefrontOutput, storefrontBlocks } from '../support/storefront-walk.js';

let store: FreshStore;
let firstWalk: Awaited<ReturnType<typeof walk>> | undefined;

beforeAll(async () => {
  store = await FreshStore.start();
}, STARTUP_MS);

afterAll(() => store?.stop(), 30_000);

const walkthrough = () => shellBlocksOfFile('README.md', 'Walkthrough');

/** Runs the walkthrough, checks what its comments promise, and returns the ids it made. */
async function walk(): Promise<{ run: ShellRun; order: string; product: string; customer: string }> {
  const run = await store.run(walkthrough(), ['echo "ORDER=$ORDER PRODUCT=$PRODUCT CUSTOMER=$CUSTOMER"']);
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toContain('"total":"119.70"');
  expect(run.stdout).toContain('"amount":"7"');
  const ids = /ORDER=(\d+) PRODUCT=(\d+) CUSTOMER=(\d+)/.exec(run.stdout);
  expect(ids, run.stdout).not.toBeNull();
  const [, order, product, customer] = ids!;
  const placed = await store.read(`/orders/${order}`);
  expect({ status: placed.status, total: placed.total, user_id: placed.user_id }).toEqual({
    status: 'P',
    total: '119.70',
    user_id: customer,
  });
  expect((await store.read(`/products/${product}`)).amount).toBe('7');
  return { run, order: order!, product: product!, customer: customer! };
}

describe('README walkthrough on a fresh npm start', () => {
  it('the README has the blocks (a heading renamed would otherwise skip them)', () => {
    expect(walkthrough().length).toBeGreaterThanOrEqual(2);
    expect(store.exportLine).toMatch(/^export EMAIL='[^']+' KEY='[A-Za-z0-9]{32}' API='http:\/\/localhost:\d+\/api'$/);
  });

  it('every block runs verbatim in one shell, and the store then holds what the README says', async () => {
    firstWalk = await walk();
  });

  it('run again on the same store: a second product and order, the same customer (found by e-mail)', async () => {
    expect(firstWalk, 'the first run').toBeDefined();
    const second = await walk();
    expect(second.order).not.toBe(firstWalk!.order);
    expect(second.product).not.toBe(firstWalk!.product);
    expect(second.customer).toBe(firstWalk!.customer);
    const customers = (await store.read('/users?email=ada@example.com')).users as Array<{ user_id: string }>;
    expect(customers.map(({ user_id }) => user_id)).toEqual([second.customer]);
  });

  it('docs/recipes.md then runs in the same store, as it says', async () => {
    const run = await store.run(shellBlocksOfFile('docs/recipes.md'));
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(missingRecipeOutput(run.stdout), run.stdout).toEqual([]);
  }, 180_000);

  it("then docs/api.md's storefront walk, twice, in the same store: nothing the docs before it made collides", async () => {
    for (const _run of [1, 2]) {
      const run = await store.run(storefrontBlocks());
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(missingStorefrontOutput(run.stdout), run.stdout).toEqual([]);
    }
  }, 180_000);
});
