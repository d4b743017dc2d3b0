import type { FilterRule, StoredEntityDefinition, StoredValue } from '../entities/types.js';

/**
 * Text lookups read from text items (docs/data-model.md "Text items"): a `prefix` rule (`pcode`) keeps one
 * item per record keyed by its normalized value, a `words` rule (`q`) one per distinct word of its fields.
 * The sort key starts with the token, so "starts with" is a `begins_with` Query that reads only the
 * matches; the partition is the token's first character, which also spreads the writes over ~36 keys.
 */

/** Text as it compares: lower case, accents off (NFD, combining marks dropped): "Émile" as "emile". */
export const foldedText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Folded (foldedText), surrounding space trimmed: how codes and words are indexed and asked for. */
export const normalizeText = (value: string): string => foldedText(value).trim();

/** The words of a text: runs of letters and digits, normalized. */
export function wordsOf(value: string): string[] {
  return normalizeText(value).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** At most this many distinct words of a record are indexed (a transaction holds at most 100 items). */
export const MAX_WORDS = 12;
/** Text in a sort key is cut here; a longer query still matches on its first 100 characters. */
export const MAX_TOKEN = 100;

/** The layout from which a word that starts another word of the same record has no item of its own (layout 6). */
export const PRUNED_WORDS_LAYOUT = 6;

/**
 * The tokens a record has under a text rule: its normalized value (`prefix`), or its distinct words (the first
 * MAX_WORDS). From layout 6 (`layout`: the record's) a word that starts another of those words is left out: a
 * query word is read with `begins_with`, so whatever would find "1" finds "100" too ("SKU-1-100" writes one item
 * to the "1" partition, not two). The words text every item carries keeps every word, for `all`, `any` and `exact`.
 */
export function textTokens(
  rule: FilterRule,
  record: Record<string, StoredValue | undefined>,
  layout = Infinity,
): string[] {
  if (rule.op === 'prefix') {
    const value = normalizeText(String(record[rule.field] ?? ''));
    return value ? [value.slice(0, MAX_TOKEN)] : [];
  }
  const words = new Set<string>();
  for (const field of rule.fields ?? [rule.field])
    for (const word of wordsOf(String(record[field] ?? ''))) words.add(word.slice(0, MAX_TOKEN));
  const indexed = [...words].slice(0, MAX_WORDS);
  if (layout < PRUNED_WORDS_LAYOUT) return indexed;
  return indexed.filter((word) => !indexed.some((other) => other !== word && other.startsWith(word)));
}

/**
 * The words of a `words` rule's fields as one projected text, `" w1 w2 … | c1 c2 … "`: a query word matches
 * a word that starts with it exactly when `contains(text, " <word>")`, and a phrase of consecutive words
 * when `contains(text, " <w1> <w2>")` — both expressible as a FilterExpression on an index item. The `|`
 * keeps a phrase from running from one field into the next.
 */
export function wordsText(rule: FilterRule, record: Record<string, StoredValue | undefined>): string {
  return ` ${(rule.fields ?? [rule.field]).map((field) => wordsOf(String(record[field] ?? '')).join(' ')).join(' | ')} `;
}

/** The attribute holding a words rule's text on index items. */
export const wordsName = (rule: FilterRule) => `w_${rule.field}`;

/**
 * What a text item of `rule` carries of an index item's attributes (`id` and the projection): only what a list
 * driven by text items judges on them — the words text (the other words of `q`) and the projected fields of
 * equality filters (`status`, `cid`…). Not the lower-cased copies (`lc_<field>`): the key already decides a
 * prefix (`pcode`). Not the company when the rule's items have company copies: a company's query reads its
 * copy. A text item is read per match, so each byte left out is left out of every word's read. Items written
 * before keep their extra attributes; nothing reads them (lib/db/list-filter.ts `judgedOnTextItem`).
 */
export function textItemAttributes(
  def: StoredEntityDefinition,
  rule: FilterRule,
  item: Record<string, unknown>,
): Record<string, unknown> {
  const companyCopied = def.storage.companyScoped?.includes(rule.field) ?? false;
  return Object.fromEntries(
    Object.entries(item).filter(([name]) => !name.startsWith('lc_') && !(companyCopied && name === 'p_company_id')),
  );
}

/** Text rules of a definition: the filter rules that have text items, one per field. */
export function textRules(def: StoredEntityDefinition): FilterRule[] {
  const seen = new Map<string, FilterRule>();
  for (const rule of Object.values(def.storage.filterRules ?? {}))
    if ((rule.op === 'prefix' || rule.op === 'words') && !seen.has(rule.field)) seen.set(rule.field, rule);
  return [...seen.values()];
}

/** The partition suffix of a token: its first character (a query must have one). */
export const tokenShard = (token: string) => [...token][0] ?? '';

/** How `q` combines its words (SPEC: absent means exact, as in CS-Cart). */
export type WordMatch = 'all' | 'any' | 'exact';

/**
 * What a `words` query asks: the distinct query words and the match mode. The substrings whose presence
 * in the projected words text decides a match: every word (all), any word (any), or the phrase (exact).
 */
export function wordQuery(
  query: string,
  match: WordMatch,
): { words: string[]; needles: string[]; mode: 'all' | 'any' } {
  const words = [...new Set(wordsOf(query).map((w) => w.slice(0, MAX_TOKEN)))];
  if (match === 'exact') return { words, needles: words.length ? [` ${wordsOf(query).join(' ')}`] : [], mode: 'all' };
  return { words, needles: words.map((w) => ` ${w}`), mode: match };
}
