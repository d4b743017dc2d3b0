/**
 * The random catalog of the product list oracles (test/e2e/list-oracle-products.test.ts, list-oracle-migrated.test.ts):
 * two stores, a vendor of the first, a 3-level category tree and products of every status, flag, price, stock, name
 * and code — names and codes that start one another, accents — some changed or deleted after their create; and the
 * random questions about it, each with the oracle's answer (test/e2e/list-oracle-model.ts).
 */
import { createCategory, createProduct, createStore, getOk } from '../support/catalog.js';
import { type ApiUser, createApiUser, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { type CategoryParents, expectedOrder, type ModelProduct } from './list-oracle-model.js';
import type { Collection, draws, OracleCase, Query } from './list-oracle-runner.js';

export const PRODUCTS_LIST: Collection = { path: '/api/products', key: 'products', idField: 'product_id' };

const VOCABULARY = ['alpha', 'alps', 'Alpine', 'beta', 'bet', 'gamma', 'Gam', 'delta', 'Émile', 'emil', 'zeta'];
const NUMBERS = ['one', '1', '10', '100', 'shirt', 'shirts', 'x'];
const CODE_STARTS = ['AB', 'ABC', 'ab-x', 'AX', 'B', 'ZZ9', 'É-1'];
const PRICES = [0, 5, 5.5, 10, 10, 20, 99.99, 100, 1000];
const AMOUNTS = [0, 1, 5, 5, 10, 50, 100, 1000];
const STATUSES = ['A', 'A', 'A', 'D', 'H'];

/** A product as the oracle holds it, from its single object. */
export async function modelOf(id: number): Promise<ModelProduct> {
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

export interface OracleCatalog {
  stores: [number, number];
  categories: number[];
  /** The products that exist, as their single objects show them. */
  products: ModelProduct[];
  /** A random question, root or the vendor of the first store (who lists only its own products), with its answer. */
  drawCase: () => OracleCase;
}

/** Creates the catalog through the API (`size` products, some then changed or deleted). */
export async function createCatalog(
  { random, pick, chance }: ReturnType<typeof draws>,
  size: number,
): Promise<OracleCatalog> {
  const tag = `t${uid()}`;
  const stores: [number, number] = [await createStore(), await createStore()];
  const vendor: ApiUser = await createApiUser('V', ['--company', String(stores[0])]);
  const top = await createCategory(stores[0]);
  const sub = await createCategory(stores[0], { parent_id: top });
  const subSub = await createCategory(stores[0], { parent_id: sub });
  const other = await createCategory(stores[1]);
  const categories = [top, sub, subSub, other];
  const parents: CategoryParents = new Map([
    [top, 0],
    [sub, top],
    [subSub, sub],
    [other, 0],
  ]);

  const drawName = () => {
    const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick([...VOCABULARY, ...NUMBERS]));
    words.splice(Math.floor(random() * (words.length + 1)), 0, tag);
    return words.join(' ');
  };
  const drawFields = (): Record<string, unknown> => ({
    product: drawName(),
    product_code: `${pick(CODE_STARTS)}-${Math.floor(random() * 200)}`,
    price: pick(PRICES),
    amount: pick(AMOUNTS),
    status: pick(STATUSES),
    free_shipping: pick(['Y', 'N']),
    is_edp: pick(['Y', 'N', 'N']),
    category_ids: categories.filter(() => chance(0.4)).concat(chance(0.5) ? [] : [pick(categories)]),
  });

  const ids: number[] = [];
  for (let i = 0; i < size; i++) {
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
  const catalog: OracleCatalog = {
    stores,
    categories,
    products: await Promise.all(ids.filter((id) => !deleted.has(id)).map(modelOf)),
    drawCase: () => {
      const asVendor = chance(0.35);
      const query = drawQuery(asVendor);
      const visible = asVendor ? catalog.products.filter((p) => p.company === stores[0]) : catalog.products;
      return {
        query,
        auth: asVendor ? vendor.auth : 'admin',
        caller: asVendor ? 'vendor' : 'root',
        expected: expectedOrder(visible, query, parents),
      };
    },
  };

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
    const someProduct = () => pick(catalog.products);
    if (chance(0.25)) query.status = pick(['A', 'D', 'H']);
    if (chance(0.15)) query.free_shipping = pick(['Y', 'N']);
    if (chance(0.15)) query.is_edp = pick(['Y', 'N']);
    if (chance(0.2)) query.price_from = String(pick(PRICES));
    if (chance(0.2)) query.price_to = String(pick(PRICES));
    if (chance(0.15)) query.amount_from = String(pick(AMOUNTS));
    if (chance(0.15)) query.amount_to = String(pick(AMOUNTS));
    if (chance(0.1)) query.updated_since = String(someProduct().updated);
    if (chance(0.08))
      query.pid = Array.from({ length: 1 + Math.floor(random() * 4) }, () => someProduct().id).join(',');
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

  return catalog;
}
