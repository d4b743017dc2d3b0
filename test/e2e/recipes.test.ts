/**
 * docs/recipes.md run as a newcomer runs it: every ```sh block, in order, verbatim, in one shell with the
 * export line of a fresh `npm start -- --in-memory`. Then the store is read back to prove the blocks did what
 * the page says. (After the README walkthrough on the same store: test/e2e/readme-walkthrough.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FreshStore, STARTUP_MS, shellBlocksOfFile } from '../support/doc-shell.js';
import { missingRecipeOutput } from '../support/recipes-outcome.js';

let store: FreshStore;

beforeAll(async () => {
  store = await FreshStore.start();
}, STARTUP_MS);

afterAll(() => store?.stop(), 30_000);

describe('docs/recipes.md on a fresh npm start', () => {
  it('every block runs verbatim in one shell, prints what the page says, and the store then holds it', async () => {
    const blocks = shellBlocksOfFile('docs/recipes.md');
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const run = await store.run(blocks, ['echo "SKEY=$SKEY"']);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(missingRecipeOutput(run.stdout), run.stdout).toEqual([]);

    // Fresh: the three taxes are the only ones, the last one renamed by the If-Match PUT (once: the second is a 412).
    const taxes = (await store.read('/taxes')).taxes as Array<{ tax: string }>;
    expect(taxes.map(({ tax }) => tax)).toEqual(['VAT', 'GST', 'Sales tax 8%']);
    const grace = (await store.read('/users?email=grace@example.com')).users as Array<Record<string, string>>;
    expect(grace).toEqual([expect.objectContaining({ lastname: 'Hopper', company_name: 'Acme' })]);
    // The support administrator is out of the group again: their request is refused.
    const supportKey = /^SKEY=([A-Za-z0-9]{32})$/m.exec(run.stdout)?.[1];
    expect(supportKey, run.stdout).toBeDefined();
    const refused = await fetch(`${store.api}/usergroups`, {
      headers: { authorization: `Basic ${Buffer.from(`support@example.com:${supportKey}`).toString('base64')}` },
    });
    expect(refused.status).toBe(403);
  }, 180_000);
});
