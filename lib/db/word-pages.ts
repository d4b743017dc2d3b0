import type { FilterRule } from '../entities/types.js';
import type { QueryInput } from './query.js';
import { raceRanges } from './range-race.js';
import { queryMerged } from './sharded-query.js';
import { textTokens, wordsName } from './text-items.js';

/**
 * A word search's page at any catalogue size (`q` in id order; docs/api.md "Word search at scale"). Its match is
 * read from the text items of its words (lib/db/list-plan.ts), whose keys are `<word>#<padded id>`: in id order
 * only within one word. An exact `total_items` in id order needs every match, so the read grows with the match.
 *
 * So the first read of each word's range (one round of lib/db/range-race.ts: 24 items from each of its 8 shards)
 * decides, the same way for every page of the same search:
 * - a range read to its end within it (for `all`/`exact` any one word's, for `any` every word's): the match is
 *   small, and the list is exact and in id order, as before;
 * - else the list is in the order of the text items' keys — the words in query order (`all`/`exact`: only the word
 *   whose first read matched most, the one that skips least), each by matched word then id — and a page reads only
 *   up to its end and one more: `total_items` is exact on the last page and, before it, a lower bound that always
 *   shows one more page (marked `total_items_estimated`), so a client paging until `total_items` (or until `next`
 *   is null) reaches every page, none twice. A product is listed once, at its first item in that order: the smallest
 *   of its words that the query word starts, in the first range that holds it (judged on the words text each item
 *   carries, with the same rule the writer used to make its items).
 */

export interface WordRange {
  /** The physical partitions of the range (its shards). */
  pks: string[];
  input: QueryInput;
  /** The query word: the range's `begins_with`. */
  word: string;
}

export interface Keyed {
  id: number;
  sk: string;
}

export type WordRead =
  | { exact: true; lists: Keyed[][] }
  | { exact: false; ids: number[]; total: number; estimated: boolean; nextKey: string | null };

/** Rounds of the first read: one, 24 items of each shard of each word (range-race.ts LEAST_SHARE). */
const FIRST_READ_ROUNDS = 1;
/** A cursor of a page in key order: `~<range>|<sort key>` (an id-order cursor is a padded id). */
const KEY_ORDER = '~';
const W = '#wpage';
/** The tokens of a words text, as the writer made the items (lib/db/text-items.ts textTokens). */
const WORDS: FilterRule = { field: 'w', op: 'words' };

const keyed = (item: Record<string, unknown>): Keyed => ({ id: Number(item.id), sk: String(item.sk) });
const before = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;

/** Does a page cursor continue a list in key order? */
export const inKeyOrder = (after: string | undefined) => after?.startsWith(KEY_ORDER) ?? false;

export async function readWords(
  rule: FilterRule,
  ranges: WordRange[],
  /** Each range alone holds the whole match (`all`, `exact`); else their union (`any`). */
  every: boolean,
  page: { offset: number; perPage: number; after?: string },
): Promise<WordRead | undefined> {
  const withWords = ranges.map((range) => ({
    ...range,
    input: {
      ...range.input,
      ProjectionExpression: `${range.input.ProjectionExpression}, ${W}`,
      ExpressionAttributeNames: { ...range.input.ExpressionAttributeNames, [W]: wordsName(rule) },
    },
  }));
  let order: number[];
  let start: { at: number; sk?: string } = { at: 0 };
  let atLeast = 0;
  if (inKeyOrder(page.after)) {
    const [, at, sk] = /^~(\d+)\|(.*)$/s.exec(page.after!) ?? [];
    if (at === undefined || Number(at) >= ranges.length) return undefined;
    order = every ? [Number(at)] : ranges.map((_, i) => i).filter((i) => i >= Number(at));
    start = { at: Number(at), sk };
  } else {
    const race = await raceRanges(withWords, FIRST_READ_ROUNDS);
    const lists = race.items.map((items) => items.map(keyed));
    if (every && race.ended.includes(true)) return { exact: true, lists: [lists[race.ended.indexOf(true)]!] };
    if (!every && race.ended.every(Boolean)) return { exact: true, lists };
    // An id-order cursor (from an answer when the match was small) continues in id order: the whole match.
    if (page.after !== undefined) return undefined;
    const matched = lists.map((list) => new Set(list.map((k) => k.id)));
    const best = matched.reduce((b, ids, i) => (ids.size > matched[b]!.size ? i : b), 0);
    order = every ? [best] : ranges.map((_, i) => i);
    start = { at: order[0]! };
    atLeast = every ? matched[best]!.size : new Set(matched.flatMap((ids) => [...ids])).size;
  }
  const wanted = page.offset + page.perPage + 1;
  const kept: Array<Keyed & { at: number }> = [];
  for (const at of order) {
    const words = every ? [] : ranges.slice(0, at).map((range) => range.word);
    let after = at === start.at ? start.sk : undefined;
    for (;;) {
      const want = wanted - kept.length;
      const items = await queryMerged(withWords[at]!.pks, withWords[at]!.input, false, want, after);
      for (const item of items)
        if (firstItem(item, wordsName(rule), ranges[at]!.word, words)) kept.push({ ...keyed(item), at });
      if (kept.length >= wanted || items.length < want) break;
      after = String(items[items.length - 1]!.sk);
    }
    if (kept.length >= wanted) break;
  }
  const shown = kept.slice(page.offset, page.offset + page.perPage);
  const more = kept.length >= wanted;
  const last = shown[shown.length - 1];
  const exact = !more && page.after === undefined;
  return {
    exact: false,
    ids: shown.map((k) => k.id),
    total: exact ? kept.length : Math.max(atLeast, page.offset + shown.length + (more ? 1 : 0)),
    estimated: !exact,
    nextKey: more && last ? `${KEY_ORDER}${last.at}|${last.sk}` : null,
  };
}

/**
 * Is this text item the product's first in the list's order: its token the smallest of the product's tokens that
 * `word` starts, and (`any`) none of its tokens matched by an earlier range's word (`earlier`)?
 */
export function firstItem(
  item: Record<string, unknown>,
  attribute: string,
  word: string,
  earlier: readonly string[],
): boolean {
  const text = item[attribute];
  if (typeof text !== 'string') return true; // an item without the words text (before layout 2): as read
  const tokens = textTokens(WORDS, { w: text });
  if (earlier.some((other) => tokens.some((token) => token.startsWith(other)))) return false;
  const sk = String(item.sk);
  const token = sk.slice(0, sk.lastIndexOf('#'));
  const first = tokens
    .filter((t) => t.startsWith(word))
    .reduce<string | undefined>((min, t) => (min === undefined || before(t, min) ? t : min), undefined);
  return first === undefined || first === token;
}
