import { performance } from 'node:perf_hooks';
import type { Caller as ApiCaller } from '../../lib/entities/caller.js';
import { categoriesEntity } from '../../lib/entities/categories.js';
import { storesEntity } from '../../lib/entities/companies.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import type { ApiRequest, Operation } from '../../lib/http/operation.js';
import type { Route } from '../../lib/http/route.js';
import { categoryHooks } from '../../lib/operations/categories/index.js';
import { createOperation, type EntityHooks } from '../../lib/operations/crud.js';
import { instanceRepository } from '../../lib/operations/instance-repository.js';
import { instanceTable } from '../../lib/operations/instance-table.js';
import { createOrder } from '../../lib/operations/orders/index.js';
import { productHooksOn } from '../../lib/operations/products.js';
import { ensureStoreDefaults } from '../../lib/store-defaults.js';
import { collectTransactions, writeCollected } from './bulk-writes.js';

/**
 * The catalog the product, category, store and order requests act on, written by the API's own create
 * operations (lib/operations/crud.ts createOperation with each entity's hooks, lib/operations/orders/create.ts
 * createOrder) called in-process with a root caller: body validation, defaults, timestamps, the hooks'
 * derived fields (a product's main_category and company_name, a category's path) and the repository's
 * createRecord with its index items, counts and reference checks, exactly as POST would write them. Only
 * the middy stack (authentication, routing, privileges) is skipped.
 */

/** Ids of a table's catalog; both tables get the same shape, so their ids match too (fresh counters). */
export interface Catalog {
  /** Two stores; products alternate between them. */
  storeIds: [number, number];
  /** top ⊃ {leaf, middle ⊃ deep}; other is a second top category. Every product is in one of leaf, middle, deep, other. */
  categories: { top: number; leaf: number; middle: number; deep: number; other: number };
  /** Five active products of store A (products 0, 2, 4, 6, 8): the order lines, and GET /products/:id of the first. */
  productIds: number[];
  /** An order of the first five products (GET /orders/:id). */
  orderId: number;
  productCount: number;
}

/** Enough stock that no run of the bench ever runs out (every POST /orders takes from the same products). */
const STOCK = 1_000_000_000;
/** Words product names end with: `q=<word>` matches one product in WORDS.length. */
export const NAME_WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
] as const;

function operationRequest(caller: ApiCaller, body: Record<string, unknown>): ApiRequest {
  // The operations read caller, body, query and sourceIp; route and version only matter to the middy stack.
  return { method: 'POST', version: '2.0', route: {} as Route, query: {}, caller, body, sourceIp: '127.0.0.1' };
}

async function call(
  operation: Operation,
  caller: ApiCaller,
  body: Record<string, unknown>,
  idKey: string,
): Promise<number> {
  const result = await operation(operationRequest(caller, body));
  const id = Number((result.body as Record<string, unknown> | undefined)?.[idKey]);
  if (result.status !== 201 || !Number.isInteger(id))
    throw new Error(`bench catalog: create gave ${result.status} ${JSON.stringify(result.body)}`);
  return id;
}

const creator = (def: StoredEntityDefinition, hooks: EntityHooks = {}) =>
  createOperation(instanceRepository(def), hooks);

/** The root administrator as the middy stack would hand it to an operation. */
export function rootCaller(userId: number, email: string): ApiCaller {
  return { userId, email, userType: 'A', isRoot: true, companyId: 0, activeGroupIds: [] };
}

/**
 * One product's body: the shares of each filter are the same at 100 and at 10,000 products
 * (store: 1 in 2, free_shipping 1 in 5, is_edp 1 in 10, status D and H 1 in 20 each, a name word 1 in 10,
 * a price from 1.00 to 1,000.00 in steps, a category of four).
 */
export function productBody(i: number, catalog: Pick<Catalog, 'storeIds' | 'categories'>): Record<string, unknown> {
  const { leaf, middle, deep, other } = catalog.categories;
  const category = [leaf, middle, deep, other][i % 4] as number;
  return {
    product: `Bench product ${i} ${NAME_WORDS[i % NAME_WORDS.length]}`,
    product_code: `BENCH-${String(i).padStart(6, '0')}`,
    price: (((i * 37) % 1000) + 1 + (i % 100) / 100).toFixed(2),
    list_price: '0.00',
    amount: STOCK,
    company_id: catalog.storeIds[i % 2],
    category_ids: [category],
    status: i % 20 === 7 ? 'D' : i % 20 === 13 ? 'H' : 'A',
    free_shipping: i % 5 === 0 ? 'Y' : 'N',
    is_edp: i % 10 === 3 ? 'Y' : 'N',
    weight: '0.500',
    full_description: `A product written by the benchmark (${i}).`,
  };
}

/** Stores, the category tree and the store's built-in records (statuses, payment 1, shipping 1). */
export async function createCatalogBase(caller: ApiCaller): Promise<Pick<Catalog, 'storeIds' | 'categories'>> {
  await ensureStoreDefaults(instanceTable);
  const createStore = creator(storesEntity);
  const storeIds: [number, number] = [
    await call(
      createStore,
      caller,
      { company: 'Bench store A', storefront: 'a.bench.example.com', email: 'a@bench.example.com' },
      'store_id',
    ),
    await call(
      createStore,
      caller,
      { company: 'Bench store B', storefront: 'b.bench.example.com', email: 'b@bench.example.com' },
      'store_id',
    ),
  ];
  const createCategory = creator(categoriesEntity, categoryHooks);
  const category = (name: string, parentId: number) =>
    call(createCategory, caller, { category: name, parent_id: parentId, company_id: storeIds[0] }, 'category_id');
  const top = await category('Bench top', 0);
  const leaf = await category('Bench leaf', top);
  const middle = await category('Bench middle', top);
  const deep = await category('Bench deep', middle);
  const other = await category('Bench other', 0);
  return { storeIds, categories: { top, leaf, middle, deep, other } };
}

export interface SeedFigures {
  products: number;
  /** Seconds in all: the create operations (transactions collected), then the bulk writes. */
  seconds: number;
  operationSeconds: number;
  writeSeconds: number;
  /** Items put (records, index and sort items) and count items updated. */
  items: number;
  countItems: number;
  /** Create operations in flight at once. */
  concurrency: number;
}

/**
 * `count` products through the products' create operation, `concurrency` at a time: each reads the store
 * (company_name), takes an id from the counter and builds its transaction (the record, its index and sort
 * items, its counts, the store and category checks), which bench/lib/bulk-writes.ts collects and writes in
 * bulk afterwards. productIds[i] is product i's id.
 */
export async function seedProducts(
  caller: ApiCaller,
  base: Pick<Catalog, 'storeIds' | 'categories'>,
  count: number,
  concurrency: number,
): Promise<{ productIds: number[]; figures: SeedFigures }> {
  const createProduct = creator(productsEntity, productHooksOn(instanceTable));
  const ids: number[] = new Array<number>(count);
  const started = performance.now();
  const { transactions } = await collectTransactions(async () => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        ids[i] = await call(createProduct, caller, productBody(i, base), 'product_id');
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  });
  if (transactions.length !== count)
    throw new Error(`seeding ${count} products made ${transactions.length} transactions`);
  const collected = performance.now();
  const { items, counts } = await writeCollected(transactions);
  const done = performance.now();
  const seconds = (ms: number) => Math.round(ms / 100) / 10;
  return {
    productIds: ids,
    figures: {
      products: count,
      seconds: seconds(done - started),
      operationSeconds: seconds(collected - started),
      writeSeconds: seconds(done - collected),
      items,
      countItems: counts,
      concurrency,
    },
  };
}

/** The body of POST /orders with the given products, one of each, paid and shipped by the built-in methods. */
export function orderBody(userId: number, productIds: readonly number[]): Record<string, unknown> {
  return {
    user_id: userId,
    payment_id: 1,
    shipping_id: 1,
    products: Object.fromEntries(
      productIds.map((productId, i) => [String(i + 1), { product_id: productId, amount: 1 }]),
    ),
  };
}

/** Products 0, 2, 4, 6 and 8: all of store A, all active (productBody). */
export const ORDER_PRODUCT_INDEXES = [0, 2, 4, 6, 8] as const;

/** An order through createOrder (priced from the products, stock taken), for GET /orders/:id. */
export function placeOrder(caller: ApiCaller, userId: number, productIds: readonly number[]): Promise<number> {
  return call(createOrder, caller, orderBody(userId, productIds), 'order_id');
}
