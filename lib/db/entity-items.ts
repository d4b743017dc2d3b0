import { NumberValue } from '@aws-sdk/lib-dynamodb';
import type { FilterRule, StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { ALL_INDEX, encodeSortValue, entityKeys, indexValues } from './entity-keys.js';
import { padId } from './keys.js';
import { layoutOf, SHARDED_LAYOUT } from './layout.js';
import { hasPartitionShards, shardOfId, shardPk } from './partition-shards.js';
import { bucketOf } from './sort-buckets.js';
import { textItemAttributes, textRules, textTokens, tokenShard, wordsName, wordsText } from './text-items.js';

/**
 * The items a plain entity's record has besides itself (docs/data-model.md "Plain entities"): index items,
 * sort items and text items — each with its company-scoped copy where the definition asks for one — and
 * the count item each index item adds to. Writers diff two versions of this set (lib/db/entity-store.ts),
 * bulk seeding writes it whole (lib/db/bulk-seed.ts), the migration writes what is missing.
 */

/**
 * Any plain entity's record, as the generic storage code reads it (its fields by name). An optional field of a typed
 * record (lib/db/entity-reads.ts `RecordOf`) may be absent, hence `undefined` beside the stored values.
 */
export type StoredRecord = { readonly [field: string]: StoredValue | undefined } & { version: number };

export interface IndexEntry {
  /** Where the item is: its logical key, or in its partition shard (lib/db/partition-shards.ts). */
  key: { pk: string; sk: string };
  item: Record<string, unknown>;
  /** The count item this entry adds one to. */
  count?: { pk: string; sk: string };
  /** Only the count is written, no item (an index no list reads: the definition's `countOnlySince`). */
  countOnly?: boolean;
}

/**
 * The index, sort and text items a record has, keyed by their logical `pk\u0000sk` (the same whether the
 * record's items are in partition shards or not, so two versions of a record diff by what they mean).
 */
export function indexEntries(
  def: StoredEntityDefinition,
  id: number,
  record: StoredRecord | undefined,
): Map<string, IndexEntry> {
  const entries = new Map<string, IndexEntry>();
  if (!record || isUnlisted(def, record)) return entries;
  // A record not yet migrated has only the items of its layout: before 2 no copies, no text items, no
  // newer indexes; before a sort's `sortSince` no items of that sort; before 4 every item in its logical
  // partition, from 4 in its partition shard.
  const layout = layoutOf(record);
  const current = layout >= 2;
  const shard = shardOfRecord(def, id, record);
  const item = { id, ...projection(def, record) };
  const add = (entry: IndexEntry, unsharded = false) =>
    entries.set(`${entry.key.pk}\u0000${entry.key.sk}`, inShard(entry, unsharded ? undefined : shard));
  const scopes = (name: string) => {
    const company = current && def.storage.companyScoped?.includes(name) ? record.company_id : undefined;
    return typeof company === 'number' || typeof company === 'string'
      ? [def.storage.name, entityKeys.scoped(def.storage.name, company)]
      : [def.storage.name];
  };
  add({
    key: entityKeys.indexItem(def.storage.name, ALL_INDEX, '', id),
    item,
    count: entityKeys.count(def.storage.name, ALL_INDEX, ''),
  });
  for (const index of def.storage.indexes) {
    if ((def.storage.indexSince?.[index] ?? 1) > layout) continue;
    const counted = !def.storage.uncounted?.includes(index);
    const countOnly = (def.storage.countOnlySince?.[index] ?? Infinity) <= layout;
    if (countOnly && !counted) continue;
    // A small partition's items stay in the logical partition (its `unshardedSince`).
    const unsharded = (def.storage.unshardedSince?.[index] ?? Infinity) <= layout;
    for (const value of indexValues(indexedValue(def, record, index))) {
      for (const storage of scopes(index)) {
        add(
          {
            key: entityKeys.indexItem(storage, index, value, id),
            item: countOnly ? {} : item,
            ...(counted ? { count: entityKeys.count(storage, index, value) } : {}),
            ...(countOnly ? { countOnly } : {}),
          },
          unsharded,
        );
      }
    }
  }
  for (const [name, rule] of Object.entries(def.storage.sortRules ?? {})) {
    if ((def.storage.sortSince?.[name] ?? 1) > layout) continue;
    if (rule.bucketed) {
      add(bucketEntry(def, name, id, record, item));
      continue;
    }
    for (const storage of scopes(name))
      add({
        key: entityKeys.sortItem(storage, name, encodeSortValue(record[rule.field], rule.numeric, layout), id),
        item: current ? withoutTextCopies(def, item) : item,
      });
  }
  for (const rule of current ? textRules(def) : []) {
    const textItem = textItemAttributes(def, rule, item);
    for (const token of textTokens(rule, record, layout)) {
      for (const storage of scopes(rule.field)) {
        add({
          key: { pk: entityKeys.textPartition(storage, rule.field, tokenShard(token)), sk: `${token}#${padId(id)}` },
          item: textItem,
        });
      }
    }
  }
  return entries;
}

/** A record its definition keeps out of every list (`unlisted`): it has no items besides itself. */
const isUnlisted = (def: StoredEntityDefinition, record: StoredRecord) =>
  def.storage.unlisted !== undefined && String(record[def.storage.unlisted.field]) === def.storage.unlisted.value;
/** What a record gives an index: its field, or what the definition computes for a derived index (`derivedIndexes`). */
function indexedValue(def: StoredEntityDefinition, record: StoredRecord, index: string): StoredValue | undefined {
  const derive = def.storage.derivedIndexes?.[index];
  return derive ? derive(record) : record[index];
}

/**
 * The sort item of a bucketed rule (lib/db/sort-buckets.ts): keyed by the bucket of the value, carrying the
 * exact value (`p_<field>`, as a range filter reads it). Store-wide only: a vendor's list judges its company on it.
 */
function bucketEntry(
  def: StoredEntityDefinition,
  name: string,
  id: number,
  record: StoredRecord,
  item: Record<string, unknown>,
): IndexEntry {
  const field = def.storage.sortRules![name]!.field;
  const value = Number(record[field] ?? 0);
  return {
    key: entityKeys.sortItem(def.storage.name, name, encodeSortValue(bucketOf(value), true), id),
    item: { ...withoutTextCopies(def, item), [projectedName({ field, op: 'gte' })]: NumberValue.from(String(value)) },
  };
}

/**
 * The bucketed sort entry of a record, where it is stored (an order moving its stock writes it itself:
 * lib/operations/orders/stock-items.ts) — one entry, without computing the record's others.
 */
export function bucketedSortEntry(
  def: StoredEntityDefinition,
  name: string,
  id: number,
  record: StoredRecord,
): IndexEntry {
  const entry = bucketEntry(def, name, id, record, { id, ...projection(def, record) });
  return inShard(entry, shardOfRecord(def, id, record));
}

/** The partition shard of a record's items: from layout 4, for the definitions with partition shards. */
const shardOfRecord = (def: StoredEntityDefinition, id: number, record: StoredRecord) =>
  hasPartitionShards(def) && layoutOf(record) >= SHARDED_LAYOUT ? shardOfId(id) : undefined;

const inShard = (entry: IndexEntry, shard: number | undefined): IndexEntry =>
  shard === undefined ? entry : { ...entry, key: { pk: shardPk(entry.key.pk, shard), sk: entry.key.sk } };

/**
 * A sort item's attributes: the projected fields the filters beside a sort (or a range of it) judge — status,
 * company, categories, flags — without the copies that only a text rule with items of its own reads (`lc_…` of a
 * `prefix` or `words` field, `w_…`). From layout 2 such a filter reads its own items whenever it is asked
 * (lib/db/list-plan.ts), so no list judges it on a sort item, and a vendor's sort read through the store-wide
 * items (price, update time, stock) reads a third fewer bytes per item. A `contains` filter keeps its copy.
 */
function withoutTextCopies(def: StoredEntityDefinition, item: Record<string, unknown>): Record<string, unknown> {
  // A `contains` filter (a store's `company`, an option's `q`) has no text items: its lower-cased copy stays.
  const contained = new Set(
    Object.values(def.storage.filterRules ?? {})
      .filter((rule) => rule.op === 'contains')
      .map((rule) => `lc_${rule.field}`),
  );
  return Object.fromEntries(
    Object.entries(item).filter(
      ([attribute]) => contained.has(attribute) || !(attribute.startsWith('lc_') || attribute.startsWith('w_')),
    ),
  );
}

/** The attribute a filter rule reads on an index item. */
export const projectedName = (rule: FilterRule) => (exactOp(rule) ? `p_${rule.field}` : `lc_${rule.field}`);

/** Rules judged on the exact projected value (`p_<field>`), not a lower-cased text copy. */
const exactOp = (rule: FilterRule) =>
  rule.op === 'eq' || rule.op === 'gte' || rule.op === 'lte' || rule.op === 'none' || rule.op === 'outside';

/**
 * The projected fields of a record as index items carry them (`p_<field>`; numbers exact), a lower-cased
 * copy (`lc_<field>`) of the fields a text filter reads, and the words text of a `words` rule (`w_<field>`).
 */
function projection(def: StoredEntityDefinition, record: StoredRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const rules = Object.values(def.storage.filterRules ?? {});
  const lowered = new Set(
    rules
      .filter((rule) => rule.op === 'contains' || rule.op === 'prefix' || rule.op === 'words')
      .map((rule) => rule.field),
  );
  for (const field of def.storage.projected ?? []) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    out[`p_${field}`] = projectValue(def, { field, op: 'eq' }, value);
  }
  for (const field of lowered) {
    const value = record[field];
    // The lower-cased copy serves `contains` (and text filters on a table not yet migrated).
    if (value !== undefined && value !== null) out[`lc_${field}`] = String(value).toLowerCase();
  }
  for (const rule of textRules(def)) if (rule.op === 'words') out[wordsName(rule)] = wordsText(rule, record);
  return out;
}

export function projectValue(def: StoredEntityDefinition, rule: FilterRule, value: StoredValue): unknown {
  if (!exactOp(rule)) return String(value).toLowerCase();
  const kind = def.schema.fields[rule.field]?.kind;
  if ((kind === 'decimal' || kind === 'int') && (typeof value === 'string' || typeof value === 'number')) {
    return NumberValue.from(String(value));
  }
  return value;
}
