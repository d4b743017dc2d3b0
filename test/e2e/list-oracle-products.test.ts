/**
 * GET /products against a brute-force oracle (test/e2e/list-oracle-model.ts), over real HTTP: a seeded random
 * catalog of two stores, a category tree and products of every status, flag, price, stock, name and code, some of
 * them changed or deleted after their create; then hundreds of seeded random queries — every filter, alone and
 * combined, every sort both ways, pages and cursor walks, as root and as a vendor — each answered by the API
 * and by the oracle from the products themselves. The list code answers from index items, shards, buckets and
 * counts; any of them out of step with the objects shows here as a different page or `total_items`.
 * LIST_ORACLE_SEED=<n> draws another catalog and other queries (the seed is in every failure message).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { onOwnTable } from '../support/table-of-its-own.js';
import { createCatalog, type OracleCatalog, PRODUCTS_LIST } from './list-oracle-catalog.js';
import { comparePages, compareWalks, draws, SEED, scaled } from './list-oracle-runner.js';

// Its lists read every record of their kind in the table: on a table of its own, this file's alone, wherever it runs.
onOwnTable('list-oracle-products', { bootstrapped: true });

const PRODUCTS = 72;
const QUERIES = scaled(180);
const WALKS = scaled(14);

const randomness = draws(SEED);
let catalog: OracleCatalog;

beforeAll(async () => {
  catalog = await createCatalog(randomness, PRODUCTS);
}, 300_000);

describe(`GET /products against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it('the catalog drew products of both stores, every status and categories at every level', () => {
    const { products, stores, categories } = catalog;
    expect(new Set(products.map((p) => p.company))).toEqual(new Set(stores));
    expect(new Set(products.map((p) => p.status))).toEqual(new Set(['A', 'D', 'H']));
    for (const category of categories) expect(products.some((p) => p.categories.includes(category))).toBe(true);
  });

  it(`${QUERIES} random queries, root and vendor: every page and total_items as the oracle answers`, async () => {
    const { wrong, nonEmpty } = await comparePages(PRODUCTS_LIST, catalog.drawCase, QUERIES, randomness.random);
    expect(wrong.slice(0, 8), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
    // The draw must have asked questions with answers, or agreeing on empty pages would prove little.
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  }, 600_000);

  it(`${WALKS} cursor walks: every matching product once, in the oracle's order`, async () => {
    const wrong = await compareWalks(PRODUCTS_LIST, catalog.drawCase, WALKS, randomness.random);
    expect(wrong.slice(0, 5), `${wrong.length} of ${WALKS} walks differ (seed ${SEED})`).toEqual([]);
  }, 600_000);
});
