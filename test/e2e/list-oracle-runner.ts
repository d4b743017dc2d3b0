/**
 * What the list oracle tests (test/e2e/list-oracle-*.test.ts) share: a seeded random generator, and the two
 * comparisons each runs — random pages and random cursor walks of a collection, the API's answer against the
 * oracle's order — collecting every difference, so one failure shows them all with the seed that replays them.
 */
import { type Auth, api } from '../support/http.js';

/** A query as sent: parameter name → value. */
export type Query = Record<string, string>;

/** The seed of a run: LIST_ORACLE_SEED, or the fixed default (docs/configuration.md). */
export const SEED = Number(process.env.LIST_ORACLE_SEED ?? 20261126);

/**
 * How many questions a run asks, as a multiple of each file's own counts: LIST_ORACLE_SCALE, 1 by default
 * (docs/configuration.md). The defaults are sized for `npm test` on a 2-core machine, where every question costs the
 * run about ten DynamoDB requests; `LIST_ORACLE_SCALE=5` asks five times as many for a deeper look, and a new seed
 * asks other ones.
 */
const SCALE = scaleFrom(process.env.LIST_ORACLE_SCALE);

function scaleFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`LIST_ORACLE_SCALE must be a number above 0, not '${value}'`);
  return scale;
}

/** A file's count of questions at this run's scale (at least one). */
export const scaled = (count: number) => Math.max(1, Math.round(count * SCALE));

/** A small seeded generator (mulberry32): the same seed draws the same data and queries. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The draws of one test file: `random()`, `pick(values)`, `chance(p)`. */
export function draws(seed: number) {
  const random = seededRandom(seed);
  return {
    random,
    pick: <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!,
    chance: (p: number) => random() < p,
  };
}

/** One drawn question: the query, who asks it, and the ids the oracle answers, in order. */
export interface OracleCase {
  query: Query;
  auth: Auth;
  caller: string;
  expected: number[];
}

/** Which collection a test reads: its path, the answer's list key and the id field of its rows. */
export interface Collection {
  path: string;
  key: string;
  idField: string;
}

const pathOf = (collection: Collection, query: Query) => `${collection.path}?${new URLSearchParams(query)}`;

async function listPage(collection: Collection, query: Query, auth: Auth) {
  const response = await api('GET', pathOf(collection, query), { auth });
  if (response.status !== 200) return { status: response.status, ids: [] as number[], total: -1, next: null };
  const body = response.json;
  return {
    status: 200,
    ids: (body[collection.key] as Array<Record<string, unknown>>).map((row) => Number(row[collection.idField])),
    total: body.params.total_items as number,
    next: (body.params.next ?? null) as string | null,
  };
}

const same = (a: readonly number[], b: readonly number[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `count` drawn questions, each asked for one random page (1 to one past the last) of a random size: the page's
 * ids and `total_items` against the oracle's. Returns the differences and how many pages held rows.
 */
export async function comparePages(
  collection: Collection,
  draw: () => OracleCase,
  count: number,
  random: () => number,
): Promise<{ wrong: string[]; nonEmpty: number }> {
  const wrong: string[] = [];
  let nonEmpty = 0;
  for (let n = 0; n < count; n++) {
    const { query, auth, caller, expected } = draw();
    const perPage = [1, 2, 5, 10, 25][Math.floor(random() * 5)]!;
    const page = 1 + Math.floor(random() * (Math.ceil(expected.length / perPage) + 1));
    const paged = { ...query, items_per_page: String(perPage), page: String(page) };
    const got = await listPage(collection, paged, auth);
    const want = expected.slice((page - 1) * perPage, page * perPage);
    if (want.length > 0) nonEmpty++;
    if (got.status !== 200 || got.total !== expected.length || !same(got.ids, want))
      wrong.push(
        `${caller} ${pathOf(collection, paged)}: got ${got.status} ${JSON.stringify(got.ids)} of ${got.total}, ` +
          `want ${JSON.stringify(want)} of ${expected.length}`,
      );
  }
  return { wrong, nonEmpty };
}

/** `count` drawn questions walked by cursor to the end: every matching id once, in the oracle's order. */
export async function compareWalks(
  collection: Collection,
  draw: () => OracleCase,
  count: number,
  random: () => number,
): Promise<string[]> {
  const wrong: string[] = [];
  for (let n = 0; n < count; n++) {
    const { query, auth, caller, expected } = draw();
    const perPage = String([1, 3, 7][Math.floor(random() * 3)]);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages <= expected.length + 1; pages++) {
      const asked: Query = cursor
        ? { ...query, items_per_page: perPage, cursor }
        : { ...query, items_per_page: perPage };
      const got = await listPage(collection, asked, auth);
      seen.push(...got.ids);
      cursor = got.next;
      if (!cursor) break;
    }
    if (!same(seen, expected)) wrong.push(`${caller} ${pathOf(collection, query)}: walked ${seen}, want ${expected}`);
  }
  return wrong;
}

/** Orders rows by a sort value, ties by id, both in the direction asked (docs/api.md §3). */
export function inOrder<T extends { id: number }>(
  rows: readonly T[],
  value: (row: T) => string | number,
  descending: boolean,
): number[] {
  const sign = descending ? -1 : 1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    })
    .map((row) => row.id);
}
