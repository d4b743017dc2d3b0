import type { FilterRule, SortRule, StoredEntityDefinition } from '../entities/types.js';
import { ALL_INDEX, encodeSortValue, entityKeys } from './entity-keys.js';
import { countsAt } from './entity-store.js';
import { LAYOUT_VERSION } from './layout.js';
import type { ListCondition } from './list-filter.js';
import { bucketOf } from './sort-buckets.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import { MAX_TOKEN, normalizeText, tokenShard, wordQuery } from './text-items.js';

/**
 * Which items a list reads (docs/data-model.md "Plain entities: how a list is read"): the driving
 * condition picks one key range — a text prefix, a range of a sort partition, an equality index partition
 * (the company's own copy for a vendor), the requested sort partition, or the `all` partition — and every
 * other condition is judged on what that range holds.
 */

export interface KeyRange {
  pk: string;
  /** The item layout from which this (small) partition has no write shards (the index's `unshardedSince`). */
  unshardedFrom?: number;
  /** The sort key starts with this (a text item's token). */
  begins?: string;
  /** Sort keys from / to (inclusive), either side open. */
  from?: string;
  to?: string;
}

/** The key range of one value's index partition, with where its items are (a small index leaves its shards). */
export function indexRange(def: StoredEntityDefinition, storage: string, index: string, value: string): KeyRange {
  const unshardedFrom = def.storage.unshardedSince?.[index];
  return { pk: entityKeys.indexPartition(storage, index, value), ...(unshardedFrom ? { unshardedFrom } : {}) };
}

export interface Driver {
  /** One range, or several whose union is the match (any of several words): read in memory, de-duplicated. */
  ranges: KeyRange[];
  /** The conditions the ranges already decide. */
  consumed: ListCondition[];
  /**
   * Each range alone holds the whole match (the words of a `q` with `all`/`exact`): read only the smallest
   * (lib/db/range-race.ts), with every condition as its filter, instead of their union.
   */
  smallest?: boolean;
  /** The order of the range's keys: `id`, a sort key of the definition, or `text` (token order). */
  order: string;
  /** The text rule whose items the ranges are (they carry less than index items: list-filter.ts). */
  text?: FilterRule;
  /** The count item holding the range's size (a whole partition with a count). */
  count?: { pk: string; sk: string };
  /**
   * A partition of an `uncounted` index (small per value): its page is read first, and its size counted
   * by a keys-only COUNT only when the page did not reach its end.
   */
  small?: boolean;
  /** Conditions left to filter that the count item already accounts for (a company's list read store-wide). */
  counted?: ListCondition[];
  /**
   * The range is a bucketed sort partition (lib/db/sort-buckets.ts): its keys are in bucket order, and each item
   * carries the exact value, which orders the items of a bucket and judges `judged` (the range's own bounds).
   */
  bucketed?: boolean;
  judged?: ListCondition[];
  /**
   * The range (`begins`) is one value's slice of a sort partition (sliceDriver), which `count`, if any, counts whole:
   * the begins does not narrow what the count accounts for.
   */
  slice?: boolean;
}

export interface PlanInput {
  def: StoredEntityDefinition;
  conditions: ListCondition[];
  sortBy: string;
  /** The table holds layout 2 (text items, company copies, newer indexes: lib/db/layout.ts). */
  ready: boolean;
  /** The table's layout, when it matters (sort items of a later layout); else 1 or the current one, by `ready`. */
  layout?: number;
  /** The table whose counts choose between drivers (this instance's unless told). */
  table?: TableTarget;
}

const single = (c: ListCondition) => c.values.length === 1;

export async function chooseDriver({
  def,
  conditions,
  sortBy,
  ready,
  layout = ready ? LAYOUT_VERSION : 1,
  table = DEFAULT_TABLE,
}: PlanInput): Promise<Driver> {
  /** A sort with items in this table (not of a layout the table is not on yet). */
  const sorted = (name: string, rule: SortRule | undefined) =>
    Boolean(rule && (def.storage.sortSince?.[name] ?? 1) <= layout);
  const sort = sortBy === 'id' ? undefined : def.storage.sortRules?.[sortBy];
  const company =
    ready && def.storage.companyScoped
      ? conditions.find((c) => c.rule.field === 'company_id' && c.rule.op === 'eq' && single(c))
      : undefined;
  /** The storage of `name`'s items for this list: the company's copy when there is one. */
  const scope = (name: string) =>
    company && def.storage.companyScoped!.includes(name)
      ? { storage: entityKeys.scoped(def.storage.name, String(company.values[0])), consumed: [company] }
      : { storage: def.storage.name, consumed: [] as ListCondition[] };

  // 1. Text: a code prefix (first: its items carry the words text too, so a `q` beside it is judged on
  //    them), or the words of `q` — the union of their items for `any`, else the items of its least common
  //    word (the smallest range); the words stay to be judged on the projected words text. A prefix is
  //    decided by the key (its items carry no lower-cased code), unless it is longer than a token.
  const textOf = (op: string) => conditions.find((c) => c.rule.op === op && single(c));
  const text = ready ? (textOf('prefix') ?? textOf('words')) : undefined;
  if (text) {
    const { storage, consumed } = scope(text.rule.field);
    const query = String(text.values[0]);
    const prefix = normalizeText(query);
    const tokens =
      text.rule.op === 'prefix' ? [prefix.slice(0, MAX_TOKEN)] : wordQuery(query, text.match ?? 'exact').words;
    const decided = text.rule.op === 'prefix' && prefix.length <= MAX_TOKEN ? [text] : [];
    return {
      ranges: tokens.map((token) => ({
        pk: entityKeys.textPartition(storage, text.rule.field, tokenShard(token)),
        begins: token,
      })),
      consumed: [...consumed, ...decided],
      order: 'text',
      text: text.rule,
      ...(text.rule.op === 'words' && text.match !== 'any' && tokens.length > 1 ? { smallest: true } : {}),
    };
  }

  // Before layout 2 a table has no text items, so a text filter is judged on the items read; from layout 2 sort
  // items carry no text copies (lib/db/entity-items.ts), so such a list reads an index partition, not a sort one.
  const textOnIndexItems = !ready && conditions.some((c) => c.rule.op === 'prefix' || c.rule.op === 'words');

  // 2. A range of a field with sort items (price, dates): that range of its sort partition — unless the field
  //    is projected and an equality names a partition (a customer's orders of this year: the customer's).
  const usable = (field: string) =>
    def.storage.indexes.includes(field) && (def.storage.indexSince?.[field] ?? 1) <= (ready ? layout : 1);
  const equality = conditions.some((c) => c !== company && c.rule.op === 'eq' && single(c) && usable(c.rule.field));
  const ranged = conditions.filter((c) => (c.rule.op === 'gte' || c.rule.op === 'lte') && single(c));
  for (const [name, rule] of textOnIndexItems ? [] : Object.entries(def.storage.sortRules ?? {})) {
    if (!sorted(name, rule) || !rule.numeric || (equality && def.storage.projected?.includes(rule.field))) continue;
    const bounds = ranged.filter((c) => c.rule.field === rule.field);
    if (bounds.length === 0) continue;
    if (rule.bucketed) {
      // Whole buckets from the one holding the lower bound to the one holding the upper; the bounds themselves
      // are judged on the exact value each item carries. Store-wide items: a company is judged on them too.
      const range: KeyRange = { pk: entityKeys.sortPartition(def.storage.name, name) };
      for (const bound of bounds) {
        const bucket = encodeSortValue(bucketOf(Number(bound.values[0])), true);
        if (bound.rule.op === 'gte') range.from = range.from && range.from > bucket ? range.from : bucket;
        else range.to = range.to && range.to < `${bucket}$` ? range.to : `${bucket}$`;
      }
      return { ranges: [range], consumed: [], order: name, bucketed: true, judged: bounds };
    }
    const { storage, consumed } = scope(name);
    const range: KeyRange = { pk: entityKeys.sortPartition(storage, name) };
    for (const bound of bounds) {
      const encoded = encodeSortValue(bound.values[0], true);
      // `<value>#<id>`: from the value's first key, to past its last (`$` sorts after `#`).
      if (bound.rule.op === 'gte') range.from = range.from && range.from > encoded ? range.from : encoded;
      else range.to = range.to && range.to < `${encoded}$` ? range.to : `${encoded}$`;
    }
    return { ranges: [range], consumed: [...consumed, ...bounds], order: name };
  }

  // 3. A sort with its own items: that sort partition (the company's copy for a company's list) — unless an
  //    equality names a partition of an `uncounted` index (a customer's orders by date): that holds a page or
  //    two, read whole and sorted in memory, where the sort partition would be read until its matches fill a page.
  const small = conditions.some(
    (c) => c.rule.op === 'eq' && single(c) && def.storage.uncounted?.includes(c.rule.field),
  );
  if (sort && sorted(sortBy, sort) && !small && !textOnIndexItems) {
    const { storage, consumed } = scope(sortBy);
    // A company's list counts the company's records, whether it reads its copy or the store-wide items; a list of
    // one other counted equality (a shopper's status A) its count item — not a COUNT of the whole sort partition.
    const companyWide = conditions.find((c) => c.rule.field === 'company_id' && c.rule.op === 'eq' && single(c));
    const counter =
      companyWide ??
      conditions.find(
        (c) =>
          c.rule.op === 'eq' && single(c) && usable(c.rule.field) && !def.storage.uncounted?.includes(c.rule.field),
      );
    const count = counter
      ? entityKeys.count(def.storage.name, counter.rule.field, String(counter.values[0]))
      : entityKeys.count(def.storage.name, ALL_INDEX, '');
    return {
      ranges: [{ pk: entityKeys.sortPartition(storage, sortBy) }],
      consumed,
      order: sortBy,
      count,
      counted: counter ? [counter] : [],
      ...(sort.bucketed ? { bucketed: true } : {}),
    };
  }

  // 4. Equality on an indexed field: the partition with the fewest records (the company's copy first) — or, for an
  //    index its text sort's items answer, the slice of the sort partition whose keys begin with the value.
  const candidates: Driver[] = conditions
    .filter((c) => c.rule.op === 'eq' && single(c) && usable(c.rule.field))
    .map((c) => {
      const bySort = c === company ? undefined : sliceDriver(def, c, layout, scope);
      if (bySort) return bySort;
      const { storage, consumed } = c === company ? { storage: def.storage.name, consumed: [] } : scope(c.rule.field);
      const value = String(c.values[0]);
      const ranges = [indexRange(def, storage, c.rule.field, value)];
      if (def.storage.uncounted?.includes(c.rule.field))
        return { ranges, consumed: [...consumed, c], order: 'id', small: true };
      return { ranges, consumed: [...consumed, c], order: 'id', count: entityKeys.count(storage, c.rule.field, value) };
    });
  if (candidates.length > 0) return fewest(candidates, table);

  // 5. Several values of one index (any of them): the union of their partitions.
  const union = conditions.find((c) => c.rule.op === 'eq' && c.values.length > 1 && usable(c.rule.field));
  if (union) {
    // An equality its text sort answers: each value's slice (and index partition while migrating), judged on the items.
    const sort = sortAnswering(def, union.rule.field);
    if (sort) {
      const ranges = union.values.flatMap((value) => sliceRanges(def, sort, union.rule.field, String(value), layout));
      return { ranges, consumed: [], order: 'id' };
    }
    const { storage, consumed } = scope(union.rule.field);
    return {
      ranges: union.values.map((value) => indexRange(def, storage, union.rule.field, String(value))),
      consumed: [...consumed, union],
      order: 'id',
    };
  }
  return {
    ranges: [{ pk: entityKeys.indexPartition(def.storage.name, ALL_INDEX, '') }],
    consumed: [],
    order: 'id',
    count: entityKeys.count(def.storage.name, ALL_INDEX, ''),
  };
}

/** The text sort whose items answer an equality on `field` instead of index items (`countOnlySince`), if any. */
function sortAnswering(def: StoredEntityDefinition, field: string): string | undefined {
  if (def.storage.countOnlySince?.[field] === undefined) return undefined;
  const sorts = Object.entries(def.storage.sortRules ?? {});
  return sorts.find(([, rule]) => rule.field === field && !rule.numeric && !rule.bucketed)?.[0];
}

/**
 * The ranges holding the records whose `field` is `value`, for an equality its text sort answers: the slice of
 * `storage`'s sort partition whose keys (`<value>#<id>`) begin with the value — and, until the table is on the layout
 * that dropped the index items, the index partition too (records not yet migrated have only those).
 */
function sliceRanges(
  def: StoredEntityDefinition,
  sort: string,
  field: string,
  value: string,
  layout: number,
  storage = def.storage.name,
): KeyRange[] {
  const slice = { pk: entityKeys.sortPartition(storage, sort), begins: `${encodeSortValue(value, false)}#` };
  if (layout >= def.storage.countOnlySince![field]!) return [slice];
  return [indexRange(def, storage, field, value), slice];
}

/**
 * An equality answered by its text sort's items (an order's status, e-mail): one value's slice, in id order,
 * counted by the index's count item. The equality is still judged on each item's own value (a sort key folds
 * accents and is cut at TEXT_WIDTH). While the table is migrating, the index partition is read beside it, in memory,
 * store-wide (the items carry the company, judged on them).
 */
function sliceDriver(
  def: StoredEntityDefinition,
  c: ListCondition,
  layout: number,
  scope: (name: string) => { storage: string; consumed: ListCondition[] },
): Driver | undefined {
  const sort = sortAnswering(def, c.rule.field);
  if (!sort) return undefined;
  const value = String(c.values[0]);
  const uncounted = def.storage.uncounted?.includes(c.rule.field);
  const migrated = layout >= def.storage.countOnlySince![c.rule.field]!;
  const { storage, consumed } = migrated ? scope(sort) : { storage: def.storage.name, consumed: [] };
  const ranges = sliceRanges(def, sort, c.rule.field, value, layout, storage);
  const count = uncounted ? {} : { count: entityKeys.count(storage, c.rule.field, value) };
  // A migrated slice is one range its count counts whole: the count answers `total_items` (entity-list.ts).
  const slice = migrated ? { slice: true, ...(uncounted ? {} : { counted: [c] }) } : {};
  return { ranges, consumed, order: 'id', ...(uncounted ? { small: true } : {}), ...count, ...slice };
}

/**
 * Of several single-partition drivers, the one whose count is smallest (one BatchGetItem of the counts); a
 * partition of an `uncounted` index is small by definition, so it drives without reading a count.
 */
async function fewest(candidates: Driver[], table: TableTarget): Promise<Driver> {
  if (candidates.length === 1) return candidates[0]!;
  const small = candidates.filter((c) => c.small);
  if (small.length > 0) return small.reduce((best, c) => (c.consumed.length > best.consumed.length ? c : best));
  // A copy that decides two conditions at once is never larger than the partition of one of them.
  const counts = await countsAt(
    candidates.map((c) => c.count!),
    table,
  );
  let best = 0;
  counts.forEach((count, i) => {
    const better =
      count < counts[best]! ||
      (count === counts[best]! && candidates[i]!.consumed.length > candidates[best]!.consumed.length);
    if (better) best = i;
  });
  return candidates[best]!;
}
