/**
 * The brute-force answer to a GET /products query, for test/e2e/list-oracle-products.test.ts: every product of the
 * test's own catalog held in memory (as GET /products/:id shows it), each filter of docs/api.md "Products" applied
 * by reading the object, then the sort and the page. Written from the documented contract, not from lib/: the list
 * code reads index items, shards and buckets, this reads nothing but the objects, so the two agree only when the
 * indexes answer what the objects hold.
 */
import { inOrder, type Query } from './list-oracle-runner.js';

export interface ModelProduct {
  id: number;
  company: number;
  name: string;
  code: string;
  price: number;
  amount: number;
  status: string;
  freeShipping: string;
  isEdp: string;
  categories: number[];
  timestamp: number;
  updated: number;
}

/** The category tree of the test: parent of each category (0 for a top one). */
export type CategoryParents = ReadonlyMap<number, number>;

/** Lower case, accents dropped: how the contract compares text. */
const normalized = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const wordsOf = (text: string) => normalized(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Is `category` the category `wanted` or (with subcategories) one below it? */
function inCategory(category: number, wanted: number, subcats: boolean, parents: CategoryParents): boolean {
  for (let at: number | undefined = category; at !== undefined && at !== 0; at = subcats ? parents.get(at) : 0) {
    if (at === wanted) return true;
  }
  return false;
}

/** `q` as docs/api.md says: a query word matches a word that starts with it; `exact` a run of consecutive words. */
export function matchesWords(p: ModelProduct, q: string, match: string): boolean {
  const wanted = [...new Set(wordsOf(q))];
  if (wanted.length === 0) return true;
  const fields = [wordsOf(p.name), wordsOf(p.code)];
  const starts = (word: string) => fields.some((words) => words.some((w) => w.startsWith(word)));
  if (match === 'all') return wanted.every(starts);
  if (match === 'any') return wanted.some(starts);
  const phrase = wordsOf(q);
  return fields.some((words) =>
    words.some((_, at) =>
      phrase.every((word, i) => {
        const w = words[at + i];
        return w !== undefined && (i === phrase.length - 1 ? w.startsWith(word) : w === word);
      }),
    ),
  );
}

export function matches(p: ModelProduct, query: Query, parents: CategoryParents): boolean {
  const num = (name: string) => Number(query[name]);
  if (query.company_id !== undefined && p.company !== num('company_id')) return false;
  if (query.pid !== undefined && !query.pid.split(',').map(Number).includes(p.id)) return false;
  if (query.status !== undefined && p.status !== query.status) return false;
  if (query.free_shipping !== undefined && p.freeShipping !== query.free_shipping) return false;
  if (query.is_edp !== undefined && p.isEdp !== query.is_edp) return false;
  if (query.price_from !== undefined && p.price < num('price_from')) return false;
  if (query.price_to !== undefined && p.price > num('price_to')) return false;
  if (query.amount_from !== undefined && p.amount < num('amount_from')) return false;
  if (query.amount_to !== undefined && p.amount > num('amount_to')) return false;
  if (query.updated_since !== undefined && p.updated < num('updated_since')) return false;
  if (query.pcode !== undefined && !normalized(p.code).startsWith(normalized(query.pcode))) return false;
  if (query.q !== undefined && !matchesWords(p, query.q, query.match ?? 'exact')) return false;
  if (query.cid !== undefined) {
    const subcats = query.subcats !== 'N';
    if (!p.categories.some((c) => inCategory(c, num('cid'), subcats, parents))) return false;
  }
  return true;
}

/** Text as sorts compare it: without case and accents, then character by character (docs/api.md §3). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** A stored entity's text sort value: folded, its first 64 characters. */
export const sortText = (text: string) => foldText(text).slice(0, 64);

const SORT_VALUE: Record<string, (p: ModelProduct) => string | number> = {
  id: (p) => p.id,
  product: (p) => sortText(p.name),
  code: (p) => sortText(p.code),
  price: (p) => p.price,
  amount: (p) => p.amount,
  timestamp: (p) => p.timestamp,
  updated_timestamp: (p) => p.updated,
};

/** Every matching product in the query's order (ties by id, in the same direction). */
export function expectedOrder(products: readonly ModelProduct[], query: Query, parents: CategoryParents): number[] {
  const value = SORT_VALUE[query.sort_by ?? 'id'] ?? SORT_VALUE.id!;
  return inOrder(
    products.filter((p) => matches(p, query, parents)),
    value,
    query.sort_order === 'desc',
  );
}
