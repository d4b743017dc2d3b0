/**
 * The lists of the other plain entities against a brute-force oracle, over real HTTP, as
 * test/e2e/list-oracle-products.test.ts does for products: for categories, pages, stores, features and call
 * requests, seeded random objects whose names start one another, then seeded random queries of each entity's
 * filters (equality and `contains`, docs/api.md §10) and sorts both ways, with pages, each answered by the API and
 * by the oracle from the objects' single answers. Every query keeps to this file's objects (its store, or a tag
 * in the names).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createStore, createVia, getOk } from '../support/catalog.js';
import { uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { pickOf, seededRandom } from './list-oracle-model.js';

const SEED = Number(process.env.LIST_ORACLE_SEED ?? 20261126);
const OBJECTS = 24;
const QUERIES = 80;

const random = seededRandom(SEED + 3);
const pick = pickOf(random);
const chance = (p: number) => random() < p;

const WORDS = ['Gam', 'gam 100', 'Gam!', 'gama', 'Émile', 'emil', 'zeta'];

type Obj = Record<string, unknown> & { id: number };
type Query = Record<string, string>;

interface Filter {
  /** The query parameter. */
  name: string;
  /** The single object's field it compares. */
  field: string;
  op: 'eq' | 'contains';
  /** The values a query draws from. */
  values: (objects: readonly Obj[]) => string[];
}

interface EntitySpec {
  path: string;
  collection: string;
  idField: string;
  createKey: string;
  /** The create body of object `i`, its name holding the tag. */
  body: (tag: string, store: number, made: readonly number[]) => Record<string, unknown>;
  /** The condition every query carries, so it sees this file's objects only. */
  scope: (tag: string, store: number) => Query;
  filters: Filter[];
  /** sort_by → the single object's field and whether it is a number. */
  sorts: Record<string, { field: string; numeric: boolean }>;
}

const named = (tag: string) => `${pick(WORDS)} ${tag} ${pick(WORDS)}`;
const valuesOf = (field: string) => (objects: readonly Obj[]) => [...new Set(objects.map((o) => String(o[field])))];
const partsOf = (field: string) => (objects: readonly Obj[]) =>
  objects
    .map((o) => String(o[field]))
    .map((text) => text.slice(Math.floor(random() * 3), 3 + Math.floor(random() * 6)));

const SPECS: EntitySpec[] = [
  {
    path: '/api/categories',
    collection: 'categories',
    idField: 'category_id',
    createKey: 'category_id',
    body: (tag, store, made) => ({
      category: named(tag),
      company_id: store,
      parent_id: made.length > 0 && chance(0.5) ? pick(made) : 0,
      status: pick(['A', 'D', 'H']),
      position: Math.floor(random() * 5) * 10,
    }),
    scope: (_tag, store) => ({ company_id: String(store) }),
    filters: [
      { name: 'parent_id', field: 'parent_id', op: 'eq', values: valuesOf('parent_id') },
      { name: 'status', field: 'status', op: 'eq', values: () => ['A', 'D', 'H'] },
      { name: 'category', field: 'category', op: 'contains', values: partsOf('category') },
    ],
    sorts: {
      name: { field: 'category', numeric: false },
      position: { field: 'position', numeric: true },
      timestamp: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
    },
  },
  {
    path: '/api/pages',
    collection: 'pages',
    idField: 'page_id',
    createKey: 'page_id',
    body: (tag, store, made) => ({
      page: named(tag),
      company_id: store,
      page_type: pick(['T', 'L']),
      parent_id: made.length > 0 && chance(0.4) ? pick(made) : 0,
      status: pick(['A', 'D', 'H']),
      position: Math.floor(random() * 5),
    }),
    scope: (tag) => ({ q: tag }),
    filters: [
      { name: 'parent_id', field: 'parent_id', op: 'eq', values: valuesOf('parent_id') },
      { name: 'status', field: 'status', op: 'eq', values: () => ['A', 'D', 'H'] },
      { name: 'page_type', field: 'page_type', op: 'eq', values: () => ['T', 'L'] },
    ],
    sorts: {
      position: { field: 'position', numeric: true },
      name: { field: 'page', numeric: false },
      timestamp: { field: 'timestamp', numeric: true },
      type: { field: 'page_type', numeric: false },
      status: { field: 'status', numeric: false },
    },
  },
  {
    path: '/api/stores',
    collection: 'stores',
    idField: 'company_id',
    createKey: 'store_id',
    body: (tag) => ({
      company: named(tag),
      storefront: `${uid()}.example.com`,
      email: `${pick(['ana', 'Bob', 'ana.b'])}-${uid()}@${pick(['x', 'y'])}.example.com`,
      status: pick(['A', 'D', 'N', 'P']),
    }),
    scope: (tag) => ({ company: tag }),
    filters: [
      { name: 'status', field: 'status', op: 'eq', values: () => ['A', 'D', 'N', 'P'] },
      { name: 'email', field: 'email', op: 'contains', values: () => ['ana', 'BOB', '@y.', 'ana.b'] },
    ],
    sorts: {
      company: { field: 'company', numeric: false },
      email: { field: 'email', numeric: false },
      date: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
    },
  },
  {
    path: '/api/features',
    collection: 'features',
    idField: 'feature_id',
    createKey: 'feature_id',
    body: (tag, store) => ({
      description: named(tag),
      company_id: store,
      feature_type: pick(['S', 'T', 'C']),
      status: pick(['A', 'D', 'H']),
      position: Math.floor(random() * 4),
    }),
    scope: (_tag, store) => ({ company_id: String(store) }),
    filters: [
      { name: 'feature_types', field: 'feature_type', op: 'eq', values: () => ['S', 'T', 'C'] },
      { name: 'status', field: 'status', op: 'eq', values: () => ['A', 'D', 'H'] },
      { name: 'description', field: 'description', op: 'contains', values: partsOf('description') },
    ],
    sorts: {
      position: { field: 'position', numeric: true },
      name: { field: 'description', numeric: false },
      status: { field: 'status', numeric: false },
    },
  },
  {
    path: '/api/call_requests',
    collection: 'call_requests',
    idField: 'request_id',
    createKey: 'request_id',
    body: (tag, store) => ({
      name: named(tag),
      phone: `+1 555 ${Math.floor(random() * 100)}`,
      company_id: store,
      status: pick(['new', 'in_progress', 'completed', 'no_answer']),
    }),
    scope: (tag) => ({ name: tag }),
    filters: [
      { name: 'status', field: 'status', op: 'eq', values: () => ['new', 'in_progress', 'completed', 'no_answer'] },
      { name: 'phone', field: 'phone', op: 'contains', values: () => ['555', '+1 555 1', '9'] },
    ],
    sorts: {
      date: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
      name: { field: 'name', numeric: false },
    },
  },
];

/** docs/api.md §3: text sorts compare the lower-cased text by code point, on its first 64 characters. */
const sortValue = (value: unknown, numeric: boolean) =>
  numeric
    ? Number(value)
    : String(value ?? '')
        .toLowerCase()
        .slice(0, 64);

function expectedOrder(spec: EntitySpec, objects: readonly Obj[], q: Query): number[] {
  const holds = (o: Obj) =>
    spec.filters.every((f) => {
      const wanted = q[f.name];
      if (wanted === undefined) return true;
      const value = String(o[f.field] ?? '');
      return f.op === 'eq' ? value === wanted : value.toLowerCase().includes(wanted.toLowerCase());
    });
  const sort = q.sort_by === undefined ? undefined : spec.sorts[q.sort_by];
  const sign = q.sort_order === 'desc' ? -1 : 1;
  return objects
    .filter(holds)
    .sort((a, b) => {
      if (!sort) return sign * (a.id - b.id);
      const [x, y] = [sortValue(a[sort.field], sort.numeric), sortValue(b[sort.field], sort.numeric)];
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    })
    .map((o) => o.id);
}

const made = new Map<string, { objects: Obj[]; scope: Query }>();

beforeAll(async () => {
  const tag = `e${uid()}`;
  const store = await createStore();
  for (const spec of SPECS) {
    const ids: number[] = [];
    for (let i = 0; i < OBJECTS; i++) ids.push(await createVia(spec.path, spec.createKey, spec.body(tag, store, ids)));
    const objects = await Promise.all(ids.map(async (id) => ({ ...(await getOk(`${spec.path}/${id}`)), id }) as Obj));
    made.set(spec.path, { objects, scope: spec.scope(tag, store) });
  }
}, 300_000);

describe(`lists of the other entities against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it.each(SPECS.map((spec) => [spec.path, spec] as const))(
    `GET %s: ${QUERIES} random queries, every page and total_items as the oracle answers`,
    async (_path, spec) => {
      const { objects, scope } = made.get(spec.path)!;
      const wrong: string[] = [];
      for (let n = 0; n < QUERIES; n++) {
        const q: Query = { ...scope };
        for (const f of spec.filters) if (chance(0.3)) q[f.name] = pick(f.values(objects));
        const sortBy = pick([undefined, 'id', ...Object.keys(spec.sorts)]);
        if (sortBy && sortBy !== 'id') q.sort_by = sortBy;
        if (chance(0.5)) q.sort_order = pick(['asc', 'desc']);
        const expected = expectedOrder(spec, objects, q);
        const perPage = pick([1, 3, 10, 25]);
        const page = 1 + Math.floor(random() * (Math.ceil(expected.length / perPage) + 1));
        const path = `${spec.path}?${new URLSearchParams({ ...q, items_per_page: String(perPage), page: String(page) })}`;
        const response = await api('GET', path);
        const ids =
          response.status === 200
            ? (response.json[spec.collection] as Array<Record<string, unknown>>).map((o) => Number(o[spec.idField]))
            : [];
        const total = response.json?.params?.total_items;
        const want = expected.slice((page - 1) * perPage, page * perPage);
        if (response.status !== 200 || total !== expected.length || JSON.stringify(ids) !== JSON.stringify(want))
          wrong.push(
            `${path}: got ${response.status} ${JSON.stringify(ids)} of ${total}, want ${JSON.stringify(want)} of ${expected.length}`,
          );
      }
      expect(wrong.slice(0, 6), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
    },
    300_000,
  );
});
