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
import { onOwnTable } from '../support/table-of-its-own.js';
import { sortText } from './list-oracle-model.js';
import { comparePages, draws, inOrder, type OracleCase, type Query, SEED, scaled } from './list-oracle-runner.js';

// Its lists read every record of their kind in the table: on a table of its own, this file's alone, wherever it runs.
onOwnTable('list-oracle-entities', { bootstrapped: true });

const OBJECTS = 24;
const QUERIES = scaled(50);

const { random, pick, chance } = draws(SEED + 3);

const WORDS = ['Gam', 'gam 100', 'Gam!', 'gama', 'Émile', 'emil', 'zeta'];

type Obj = Record<string, unknown> & { id: number };

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

/** docs/api.md §3: text sorts compare the text without case and accents by code point, on its first 64 characters. */
const sortValue = (value: unknown, numeric: boolean) => (numeric ? Number(value) : sortText(String(value ?? '')));

function expectedOrder(spec: EntitySpec, objects: readonly Obj[], q: Query): number[] {
  const holds = (o: Obj) =>
    spec.filters.every((f) => {
      const wanted = q[f.name];
      if (wanted === undefined) return true;
      const value = String(o[f.field] ?? '');
      return f.op === 'eq' ? value === wanted : value.toLowerCase().includes(wanted.toLowerCase());
    });
  const sort = q.sort_by === undefined ? undefined : spec.sorts[q.sort_by];
  const value = (o: Obj) => (sort ? sortValue(o[sort.field], sort.numeric) : o.id);
  return inOrder(objects.filter(holds), value, q.sort_order === 'desc');
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

/** A drawn question about one entity: its scope, some of its filters, a sort, and the oracle's answer. */
function drawCase(spec: EntitySpec): OracleCase {
  const { objects, scope } = made.get(spec.path)!;
  const query: Query = { ...scope };
  for (const f of spec.filters) if (chance(0.3)) query[f.name] = pick(f.values(objects));
  const sortBy = pick([undefined, 'id', ...Object.keys(spec.sorts)]);
  if (sortBy && sortBy !== 'id') query.sort_by = sortBy;
  if (chance(0.5)) query.sort_order = pick(['asc', 'desc']);
  return { query, auth: 'admin', caller: 'root', expected: expectedOrder(spec, objects, query) };
}

describe(`lists of the other entities against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it.each(SPECS.map((spec) => [spec.path, spec] as const))(
    `GET %s: ${QUERIES} random queries, every page and total_items as the oracle answers`,
    async (_path, spec) => {
      const collection = { path: spec.path, key: spec.collection, idField: spec.idField };
      const { wrong, nonEmpty } = await comparePages(collection, () => drawCase(spec), QUERIES, random);
      expect(wrong.slice(0, 6), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
      expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
    },
    300_000,
  );
});
