/**
 * GET /users against a brute-force oracle, over real HTTP, as test/e2e/list-oracle-products.test.ts does for
 * products: seeded random customers, vendors and administrators of a store of this file's, with names that start
 * one another, accents, phones and both statuses, some changed after their create; then seeded random queries —
 * `user_type`, `status`, `name`, `phone`, `is_root`, `company_id`, `email`, every `sort_by` both ways, pages and
 * cursor walks — each answered by the API and by the oracle from the users' single objects (docs/api.md "Users").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createStore, getOk } from '../support/catalog.js';
import { createUser, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { foldText } from './list-oracle-model.js';
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
onOwnTable('list-oracle-users', { bootstrapped: true });

const USERS = 40;
const QUERIES = scaled(120);
const WALKS = scaled(10);

const { random, pick, chance } = draws(SEED + 2);

const FIRST = ['Ada', 'ada', 'Adam', 'Émile', 'Emil', 'Zoë', 'de'];
const LAST = ['Lovelace', 'love', 'de la Cruz', 'de', 'Young', 'Zane', 'Ångström'];

interface ModelUser {
  id: number;
  type: string;
  status: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  company: number;
  isRoot: string;
  timestamp: number;
}

let tag: string;
let store: number;
let users: ModelUser[];

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** Each word of the filter starts some word of the text (docs/api.md "Users": `name`, `phone`). */
const startsWords = (text: string, filter: string) =>
  words(filter).every((f) => words(text).some((w) => w.startsWith(f)));

function drawProfile(): Record<string, unknown> {
  return {
    firstname: `${pick(FIRST)} ${tag}`,
    lastname: pick(LAST),
    phone: `+${pick(['1', '44', '49'])} ${pick(['20', '555', '79'])} ${Math.floor(random() * 1000)}`,
    status: pick(['A', 'A', 'D']),
  };
}

beforeAll(async () => {
  tag = `u${uid()}`;
  store = await createStore();
  const ids: number[] = [];
  for (let i = 0; i < USERS; i++) {
    const user_type = pick(['C', 'C', 'C', 'V', 'A']);
    const fields = { ...drawProfile(), user_type, company_id: store } as never;
    ids.push(await createUser(fields));
  }
  for (const id of ids.filter(() => chance(0.3))) {
    const fields = Object.fromEntries(Object.entries(drawProfile()).filter(() => chance(0.5)));
    if (Object.keys(fields).length > 0) expectStatus(await api('PUT', `/api/users/${id}`, { body: fields }), 200);
  }
  users = await Promise.all(
    ids.map(async (id): Promise<ModelUser> => {
      const u = await getOk(`/api/users/${id}`);
      return {
        id,
        type: u.user_type,
        status: u.status,
        email: String(u.email),
        firstname: String(u.firstname),
        lastname: String(u.lastname),
        phone: String(u.phone ?? ''),
        company: Number(u.company_id),
        isRoot: String(u.is_root ?? 'N'),
        timestamp: Number(u.timestamp),
      };
    }),
  );
}, 300_000);

function matches(u: ModelUser, q: Query): boolean {
  return (
    (q.company_id === undefined || u.company === Number(q.company_id)) &&
    (q.user_type === undefined || u.type === q.user_type) &&
    (q.status === undefined || u.status === q.status) &&
    (q.email === undefined || u.email.toLowerCase() === q.email.toLowerCase()) &&
    (q.is_root === undefined || u.isRoot === q.is_root) &&
    (q.name === undefined || startsWords(`${u.firstname} ${u.lastname}`, q.name)) &&
    (q.phone === undefined || startsWords(u.phone, q.phone))
  );
}

const SORT_VALUE: Record<string, (u: ModelUser) => string | number> = {
  id: (u) => u.id,
  username: (u) => `user_${u.id}`,
  email: (u) => foldText(u.email),
  name: (u) => `${foldText(u.lastname)}\u0000${foldText(u.firstname)}`,
  date: (u) => u.timestamp,
  type: (u) => u.type,
  status: (u) => u.status,
  phone: (u) => foldText(u.phone),
  last_login: () => 0,
};

function expectedOrder(q: Query): number[] {
  const matching = users.filter((u) => matches(u, q));
  return inOrder(matching, SORT_VALUE[q.sort_by ?? 'id']!, q.sort_order === 'desc');
}

function drawQuery(): Query {
  const q: Query = {};
  const scope = pick(['company', 'company', 'name', 'email']);
  if (scope === 'company') q.company_id = String(store);
  if (scope === 'name') q.name = tag.slice(0, 3 + Math.floor(random() * (tag.length - 2)));
  if (scope === 'email') q.email = chance(0.5) ? pick(users).email.toUpperCase() : pick(users).email;
  if (chance(0.35)) q.user_type = pick(['C', 'V', 'A']);
  if (chance(0.3)) q.status = pick(['A', 'D']);
  if (chance(0.1)) q.is_root = pick(['Y', 'N']);
  if (chance(0.3)) {
    const word = pick([...FIRST, ...LAST]);
    const part = chance(0.5) ? word : word.slice(0, 1 + Math.floor(random() * word.length));
    q.name = q.name ? `${q.name} ${part}` : part;
  }
  if (chance(0.2)) {
    const phone = words(pick(users).phone);
    q.phone = pick(phone).slice(0, 1 + Math.floor(random() * 2));
  }
  const sortBy = pick([undefined, 'id', 'username', 'email', 'name', 'date', 'type', 'status', 'phone', 'last_login']);
  if (sortBy) q.sort_by = sortBy;
  const sortOrder = pick([undefined, 'asc', 'desc', 'desc']);
  if (sortOrder) q.sort_order = sortOrder;
  return q;
}

const USERS_LIST: Collection = { path: '/api/users', key: 'users', idField: 'user_id' };

function drawCase(): OracleCase {
  const query = drawQuery();
  return { query, auth: 'admin', caller: 'root', expected: expectedOrder(query) };
}

describe(`GET /users against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it('the users drew every type, both statuses and names that start one another', () => {
    expect(new Set(users.map((u) => u.type))).toEqual(new Set(['A', 'C', 'V']));
    expect(new Set(users.map((u) => u.status))).toEqual(new Set(['A', 'D']));
    expect(users.every((u) => u.company === store)).toBe(true);
  });

  it(`${QUERIES} random queries: every page and total_items as the oracle answers`, async () => {
    const { wrong, nonEmpty } = await comparePages(USERS_LIST, drawCase, QUERIES, random);
    expect(wrong.slice(0, 8), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  }, 600_000);

  it(`${WALKS} cursor walks: every matching user once, in the oracle's order`, async () => {
    const wrong = await compareWalks(USERS_LIST, drawCase, WALKS, random);
    expect(wrong.slice(0, 5), `${wrong.length} of ${WALKS} walks differ (seed ${SEED})`).toEqual([]);
  }, 600_000);
});
