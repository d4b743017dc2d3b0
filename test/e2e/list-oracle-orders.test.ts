/**
 * GET /orders against a brute-force oracle, over real HTTP, as test/e2e/list-oracle-products.test.ts does for
 * products: seeded random orders of customers whose last names start one another, in two stores, some moved to
 * other statuses; then seeded random queries — `status`, `user_id`, `email` in any case, `company_id`,
 * `time_from`/`time_to`, `total_from`/`total_to`, every `sort_by` both ways, pages and cursor walks, as root and
 * as the vendor of one store — each answered by the API and by the oracle from the orders' single objects
 * (docs/api.md "Orders": ranges inclusive, text sorts by the lower-cased text, ties by id in the sort's direction).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore, createVia, getOk } from '../support/catalog.js';
import { type ApiUser, createApiUser, createUser, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { sortText } from './list-oracle-model.js';
import {
  type Collection,
  comparePages,
  compareWalks,
  draws,
  inOrder,
  type OracleCase,
  type Query,
  SEED,
  scaled,
} from './list-oracle-runner.js';

// Its lists read every record of their kind in the table: on a table of its own, this file's alone, wherever it runs.
onOwnTable('list-oracle-orders', { bootstrapped: true });

const ORDERS = 48;
const QUERIES = scaled(120);
const WALKS = scaled(10);

const { random, pick, chance } = draws(SEED + 1);

const LAST_NAMES = ['Moss', 'moss', 'Abbott', 'Zane', 'Émile', 'de la Cruz', 'de', 'De!', 'Young'];
const STATUSES = ['P', 'C', 'O', 'F', 'D', 'B', 'I'];

interface ModelOrder {
  id: number;
  company: number;
  user: number;
  email: string;
  status: string;
  timestamp: number;
  total: number;
  lastname: string;
}

let stores: [number, number];
let vendor: ApiUser;
let customers: Array<{ id: number; email: string }>;
let orders: ModelOrder[];

beforeAll(async () => {
  stores = [await createStore(), await createStore()];
  vendor = await createApiUser('V', ['--company', String(stores[0])]);
  const products = [
    [await createProduct({ company_id: stores[0], price: 10, amount: 100_000 }), stores[0]],
    [await createProduct({ company_id: stores[0], price: '25.50', amount: 100_000 }), stores[0]],
    [await createProduct({ company_id: stores[1], price: 7, amount: 100_000 }), stores[1]],
  ] as const;
  const payment_id = await createVia('/api/payments', 'payment_id', { payment: `Pay ${uid()}` });
  const shipping_id = await createVia('/api/shippings', 'shipping_id', {
    shipping: `Ship ${uid()}`,
    base_rate: '5.00',
  });
  customers = [];
  for (const lastname of LAST_NAMES) {
    const email = `Oracle-${uid()}@E2E.example.com`;
    customers.push({ id: await createUser({ user_type: 'C', email, firstname: 'Ora', lastname }), email });
  }
  const ids: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const [product] = pick(products);
    const body = {
      user_id: pick(customers).id,
      payment_id,
      shipping_id,
      products: { 1: { product_id: product, amount: 1 + Math.floor(random() * 3) } },
    };
    ids.push(await createVia('/api/orders', 'order_id', body));
  }
  for (const id of ids.filter(() => chance(0.4)))
    expectStatus(await api('PUT', `/api/orders/${id}`, { body: { status: pick(STATUSES) } }), 200);
  orders = await Promise.all(
    ids.map(async (id): Promise<ModelOrder> => {
      const o = await getOk(`/api/orders/${id}`);
      return {
        id,
        company: Number(o.company_id),
        user: Number(o.user_id),
        email: String(o.email),
        status: o.status,
        timestamp: Number(o.timestamp),
        total: Number(o.total),
        lastname: String(o.lastname),
      };
    }),
  );
}, 300_000);

function matches(o: ModelOrder, q: Query): boolean {
  const num = (name: string) => Number(q[name]);
  return (
    (q.company_id === undefined || o.company === num('company_id')) &&
    (q.user_id === undefined || o.user === num('user_id')) &&
    (q.email === undefined || o.email.toLowerCase() === q.email.toLowerCase()) &&
    (q.status === undefined || o.status === q.status) &&
    (q.total_from === undefined || o.total >= num('total_from')) &&
    (q.total_to === undefined || o.total <= num('total_to')) &&
    (q.time_from === undefined || o.timestamp >= num('time_from')) &&
    (q.time_to === undefined || o.timestamp <= num('time_to'))
  );
}

const SORT_VALUE: Record<string, (o: ModelOrder) => string | number> = {
  id: (o) => o.id,
  date: (o) => o.timestamp,
  total: (o) => o.total,
  status: (o) => sortText(o.status),
  email: (o) => sortText(o.email),
  customer: (o) => sortText(o.lastname),
};

function expectedOrder(visible: readonly ModelOrder[], q: Query): number[] {
  const matching = visible.filter((o) => matches(o, q));
  return inOrder(matching, SORT_VALUE[q.sort_by ?? 'id']!, q.sort_order === 'desc');
}

function drawQuery(asVendor: boolean): Query {
  const q: Query = {};
  const someOrder = () => pick(orders);
  if (!asVendor) {
    const scope = pick(['company', 'company', 'user', 'email']);
    if (scope === 'company') q.company_id = String(pick(stores));
    if (scope === 'user') q.user_id = String(pick(customers).id);
    if (scope === 'email') {
      const email = pick(customers).email;
      q.email = chance(0.5) ? email.toLowerCase() : email.toUpperCase();
    }
  } else if (chance(0.1)) q.company_id = String(stores[0]);
  if (asVendor && chance(0.2)) q.user_id = String(pick(customers).id);
  if (chance(0.3)) q.status = pick(STATUSES);
  if (chance(0.2)) q.total_from = String(pick([0, 10, 15, someOrder().total, 60]));
  if (chance(0.2)) q.total_to = String(pick([12, 30, someOrder().total, 100]));
  if (chance(0.15)) {
    q.period = 'C';
    q.time_from = String(someOrder().timestamp);
  }
  if (chance(0.15)) {
    q.period = 'C';
    q.time_to = String(someOrder().timestamp);
  }
  const sortBy = pick([undefined, 'id', 'date', 'total', 'status', 'email', 'customer']);
  if (sortBy) q.sort_by = sortBy;
  const sortOrder = pick([undefined, 'asc', 'desc', 'desc']);
  if (sortOrder) q.sort_order = sortOrder;
  return q;
}

const ORDERS_LIST: Collection = { path: '/api/orders', key: 'orders', idField: 'order_id' };

/** A drawn question: root or the vendor (who lists only its own store's orders), and the oracle's answer. */
function drawCase(): OracleCase {
  const asVendor = chance(0.35);
  const query = drawQuery(asVendor);
  const visible = asVendor ? orders.filter((o) => o.company === stores[0]) : orders;
  return {
    query,
    auth: asVendor ? vendor.auth : 'admin',
    caller: asVendor ? 'vendor' : 'root',
    expected: expectedOrder(visible, query),
  };
}

describe(`GET /orders against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it('the orders drew both stores, several statuses and every customer', () => {
    expect(new Set(orders.map((o) => o.company))).toEqual(new Set(stores));
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThan(2);
    expect(new Set(orders.map((o) => o.lastname)).size).toBeGreaterThan(5);
  });

  it(`${QUERIES} random queries, root and vendor: every page and total_items as the oracle answers`, async () => {
    const { wrong, nonEmpty } = await comparePages(ORDERS_LIST, drawCase, QUERIES, random);
    expect(wrong.slice(0, 8), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  }, 600_000);

  it(`${WALKS} cursor walks: every matching order once, in the oracle's order`, async () => {
    const wrong = await compareWalks(ORDERS_LIST, drawCase, WALKS, random);
    expect(wrong.slice(0, 5), `${wrong.length} of ${WALKS} walks differ (seed ${SEED})`).toEqual([]);
  }, 600_000);
});
