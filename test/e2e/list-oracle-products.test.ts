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
import { createCategory, createProduct, createStore, getOk } from '../support/catalog.js';
import { type ApiUser, createApiUser, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { type CategoryParents, expectedOrder, type ModelProduct } from './list-oracle-model.js';
import {
  type Collection,
  comparePages,
  compareWalks,
  draws,
  type OracleCase,
  type Query,
  SEED,
} from './list-oracle-runner.js';

const PRODUCTS = 72;
const QUERIES = 300;
const WALKS = 24;

const { random, pick, chance } = draws(SEED);

const VOCABULARY = ['alpha', 'alps', 'Alpine', 'beta', 'bet', 'gamma', 'Gam', 'delta', 'Émile', 'emil', 'zeta'];
const NUMBERS = ['one', '1', '10', '100', 'shirt', 'shirts', 'x'];
const CODE_STARTS = ['AB', 'ABC', 'ab-x', 'AX', 'B', 'ZZ9', 'É-1'];
const PRICES = [0, 5, 5.5, 10, 10, 20, 99.99, 100, 1000];
const AMOUNTS = [0, 1, 5, 5, 10, 50, 100, 1000];
const STATUSES = ['A', 'A', 'A', 'D', 'H'];

let tag: string;
let stores: [number, number];
let vendor: ApiUser;
let categories: number[];
const parents = new Map<number, number>();
let catalog: ModelProduct[];

function drawName(): string {
  const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick([...VOCABULARY, ...NUMBERS]));
  words.splice(Math.floor(random() * (words.length + 1)), 0, tag);
  return words.join(' ');
}

function drawFields(): Record<string, unknown> {
  return {
    product: drawName(),
    product_code: `${pick(CODE_STARTS)}-${Math.floor(random() * 200)}`,
    price: pick(PRICES),
    amount: pick(AMOUNTS),
    status: pick(STATUSES),
    free_shipping: pick(['Y', 'N']),
    is_edp: pick(['Y', 'N', 'N']),
    category_ids: categories.filter(() => chance(0.4)).concat(chance(0.5) ? [] : [pick(categories)]),
  };
}

/** A product as the oracle holds it, from its single object. */
async function modelOf(id: number): Promise<ModelProduct> {
  const p = await getOk(`/api/products/${id}`);
  return {
    id,
    company: Number(p.company_id),
    name: p.product,
    code: p.product_code,
    price: Number(p.price),
    amount: Number(p.amount),
    status: p.status,
    freeShipping: p.free_shipping,
    isEdp: p.is_edp,
    categories: (p.category_ids as Array<string | number>).map(Number),
    timestamp: Number(p.timestamp),
    updated: Number(p.updated_timestamp),
  };
}

beforeAll(async () => {
  tag = `t${uid()}`;
  stores = [await createStore(), await createStore()];
  vendor = await createApiUser('V', ['--company', String(stores[0])]);
  const top = await createCategory(stores[0]);
  const sub = await createCategory(stores[0], { parent_id: top });
  const subSub = await createCategory(stores[0], { parent_id: sub });
  const other = await createCategory(stores[1]);
  categories = [top, sub, subSub, other];
  parents.set(top, 0).set(sub, top).set(subSub, sub).set(other, 0);

  const ids: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const byVendor = chance(0.2);
    const company = byVendor || chance(0.6) ? stores[0] : stores[1];
    ids.push(await createProduct({ ...drawFields(), company_id: company }, byVendor ? vendor.auth : 'admin'));
  }
  // Changes after the create move index items, counts and buckets: each product changed takes some fields anew.
  for (const id of ids.filter(() => chance(0.25))) {
    const fields = Object.fromEntries(Object.entries(drawFields()).filter(() => chance(0.4)));
    if (Object.keys(fields).length > 0) expectStatus(await api('PUT', `/api/products/${id}`, { body: fields }), 200);
  }
  const deleted = new Set(ids.filter(() => chance(0.08)));
  for (const id of deleted) expectStatus(await api('DELETE', `/api/products/${id}`), 204);
  catalog = await Promise.all(ids.filter((id) => !deleted.has(id)).map(modelOf));
}, 300_000);

/** One query's filters, sort and page; root queries keep to this test's stores or categories. */
function drawQuery(asVendor: boolean): Query {
  const query: Query = {};
  if (!asVendor) {
    const scope = pick(['company', 'company', 'category', 'words']);
    if (scope === 'company') query.company_id = String(pick(stores));
    if (scope === 'category') query.cid = String(pick([categories[0]!, categories[3]!]));
    if (scope === 'words') {
      query.q = tag;
      query.match = 'all';
    }
  } else if (chance(0.15)) {
    // A vendor's own store asked again, or another store: the other store's products stay out of its answer.
    query.company_id = String(pick([stores[0], stores[0], stores[1]]));
  }
  const someProduct = () => pick(catalog);
  if (chance(0.25)) query.status = pick(['A', 'D', 'H']);
  if (chance(0.15)) query.free_shipping = pick(['Y', 'N']);
  if (chance(0.15)) query.is_edp = pick(['Y', 'N']);
  if (chance(0.2)) query.price_from = String(pick(PRICES));
  if (chance(0.2)) query.price_to = String(pick(PRICES));
  if (chance(0.15)) query.amount_from = String(pick(AMOUNTS));
  if (chance(0.15)) query.amount_to = String(pick(AMOUNTS));
  if (chance(0.1)) query.updated_since = String(someProduct().updated);
  if (chance(0.08)) query.pid = Array.from({ length: 1 + Math.floor(random() * 4) }, () => someProduct().id).join(',');
  if (chance(0.2)) {
    const code = someProduct().code;
    const prefix = code.slice(0, 1 + Math.floor(random() * code.length));
    query.pcode = chance(0.5) ? prefix.toLowerCase() : prefix;
  }
  if (chance(0.3)) {
    const words = Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
      const word = pick([...VOCABULARY, ...NUMBERS, ...CODE_STARTS]);
      return chance(0.3) ? word.slice(0, 1 + Math.floor(random() * word.length)) : word;
    });
    const match = pick(['all', 'any', 'exact', undefined]);
    if (query.q) query.q = `${query.q} ${words.join(' ')}`;
    else {
      query.q = words.join(' ');
      if (match) query.match = match;
    }
  }
  if (chance(0.2) && query.cid === undefined) query.cid = String(pick(categories));
  if (query.cid !== undefined && chance(0.4)) query.subcats = pick(['Y', 'N']);
  const sortBy = pick([undefined, 'id', 'product', 'code', 'price', 'amount', 'timestamp', 'updated_timestamp']);
  if (sortBy) query.sort_by = sortBy;
  const sortOrder = pick([undefined, 'asc', 'desc', 'desc']);
  if (sortOrder) query.sort_order = sortOrder;
  return query;
}

const PRODUCTS_LIST: Collection = { path: '/api/products', key: 'products', idField: 'product_id' };

/** A drawn question: root or the vendor (who lists only its own store's products), and the oracle's answer. */
function drawCase(): OracleCase {
  const asVendor = chance(0.35);
  const query = drawQuery(asVendor);
  const visible = asVendor ? catalog.filter((p) => p.company === stores[0]) : catalog;
  return {
    query,
    auth: asVendor ? vendor.auth : 'admin',
    caller: asVendor ? 'vendor' : 'root',
    expected: expectedOrder(visible, query, parents as CategoryParents),
  };
}

describe(`GET /products against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it('the catalog drew products of both stores, every status and categories at every level', () => {
    expect(new Set(catalog.map((p) => p.company))).toEqual(new Set(stores));
    expect(new Set(catalog.map((p) => p.status))).toEqual(new Set(['A', 'D', 'H']));
    for (const category of categories) expect(catalog.some((p) => p.categories.includes(category))).toBe(true);
  });

  it(`${QUERIES} random queries, root and vendor: every page and total_items as the oracle answers`, async () => {
    const { wrong, nonEmpty } = await comparePages(PRODUCTS_LIST, drawCase, QUERIES, random);
    expect(wrong.slice(0, 8), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
    // The draw must have asked questions with answers, or agreeing on empty pages would prove little.
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  }, 600_000);

  it(`${WALKS} cursor walks: every matching product once, in the oracle's order`, async () => {
    const wrong = await compareWalks(PRODUCTS_LIST, drawCase, WALKS, random);
    expect(wrong.slice(0, 5), `${wrong.length} of ${WALKS} walks differ (seed ${SEED})`).toEqual([]);
  }, 600_000);
});
