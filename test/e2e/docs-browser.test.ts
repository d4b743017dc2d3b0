/**
 * The reference page in a real browser (Debian's Chromium), under serverless offline as `npm start` serves it:
 * every request the page makes succeeds (no 401, so no password prompt), the operations render once each with their
 * one-line summaries, products first and auth last, the first one on the first screen, and the servers are this
 * deployment's two version roots. A screenshot goes to test-output/docs-browser/. `/api/docs/` serves the very same
 * bytes (its asset URLs are absolute, test/e2e/docs.test.ts), so one render stands for both: Swagger UI takes some
 * 8 s of the browser's CPU to read the document.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium.js';
import { testStore } from '../support/store.js';

const OUTPUT = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-output', 'docs-browser');
const SCREEN = { width: 1280, height: 800 };

let browser: Browser;

beforeAll(async () => {
  rmSync(OUTPUT, { recursive: true, force: true });
  mkdirSync(OUTPUT, { recursive: true });
  browser = await chromium.launch({ executablePath: await ensureChromium(), args: CHROMIUM_ARGS, timeout: 60_000 });
}, 15 * 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the reference page in a browser', () => {
  it('/api/docs/ is the same page as /api/docs, byte for byte', async () => {
    const [bare, slash] = await Promise.all(
      ['/api/docs', '/api/docs/'].map(async (path) => {
        const response = await fetch(`${testStore().baseUrl}${path}`);
        expect(response.status, path).toBe(200);
        return response.text();
      }),
    );
    expect(slash).toBe(bare);
  });

  it('/api/docs loads everything, shows summaries and starts with operations', async () => {
    const context = await browser.newContext({ viewport: SCREEN });
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
    try {
      await page.goto(`${testStore().baseUrl}/api/docs`);
      await page.locator('.opblock').first().waitFor();
      expect(failed).toEqual([]);

      // Summaries beside the paths, each operation once: the page opens on the products (the tags' order is an
      // integrator's, auth last), and the page renders from the top, so that summary is there first.
      await expect
        .poll(() => page.locator('.opblock-summary-description').allTextContents(), { timeout: 60_000 })
        .toContain('List products');
      expect(await page.locator('.opblock-summary-description').first().textContent()).toBe('List products');
      // Every section, in the document's order (products, categories, orders, users, …, auth: the unit test holds
      // the document to it), each operation once. Swagger UI renders only the rows in view (it virtualizes lists
      // of 150 rows or more), so the whole list is read from the page's own model of what it shows.
      const served = (await (await fetch(`${testStore().baseUrl}/api/openapi.json`)).json()) as {
        tags: Array<{ name: string }>;
        paths: Record<string, object>;
      };
      const operations = Object.values(served.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
      const shown = await page.evaluate(() => {
        const tagged = (
          globalThis as unknown as { ui: { specSelectors: { taggedOperations(): any } } }
        ).ui.specSelectors.taggedOperations();
        return {
          tags: tagged.keySeq().toArray() as string[],
          operations: tagged.reduce((count: number, tag: any) => count + tag.get('operations').size, 0) as number,
        };
      });
      expect(shown.tags.slice(0, 4)).toEqual(['products', 'categories', 'orders', 'users']);
      expect(shown.tags.at(-1)).toBe('auth');
      expect(shown.tags).toEqual(served.tags.map(({ name }) => name));
      expect(shown.operations).toBe(operations);
      expect(await page.locator('.opblock-tag').first().getAttribute('data-tag')).toBe('products');
      const paths = await page.locator('.opblock-summary-path').allTextContents();
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.filter((path) => path.startsWith('/api'))).toEqual([]);
      // The introduction is one short paragraph and a collapsed <details>: the first operation is on the first screen.
      expect(await page.locator('.info details').getAttribute('open')).toBeNull();
      const first = await page.locator('.opblock').first().boundingBox();
      expect(first).not.toBeNull();
      expect(first!.y + first!.height).toBeLessThan(SCREEN.height);
      // The servers are this deployment's two version roots.
      const servers = await page.locator('.servers select option').allTextContents();
      expect(servers).toHaveLength(2);
      expect(servers[0]).toContain(`${testStore().baseUrl}/api`);
      expect(servers[1]).toContain(`${testStore().baseUrl}/api/2.0`);
      await page.screenshot({ path: join(OUTPUT, 'page.png') });
    } catch (error) {
      await page.screenshot({ path: join(OUTPUT, 'page-failed.png') }).catch(() => undefined);
      throw new Error(`${(error as Error).message}\nfailed requests: ${failed.join(', ') || 'none'}`);
    } finally {
      await context.close();
    }
  }, 180_000);
});
