import { config } from '../config.js';
import type { EntityRecordOf, StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { batchGet, batchGetInOrder } from './batch-get.js';
import { countParts, guardedCounts } from './count-shards.js';
import { countDelta, goneReference, guardItems } from './count-writes.js';
import { type IndexEntry, indexEntries, type StoredRecord } from './entity-items.js';
import { entityKeys, indexValues } from './entity-keys.js';
import { splitEntries, withEntriesFirst } from './entries-first.js';
import { readItem } from './items.js';
import { LAYOUT_ATTRIBUTE, LAYOUT_VERSION } from './layout.js';
import { idsTakenUpTo, withNewId } from './record-ids.js';
import { withoutKeys } from './records.js';
import { ConditionFailed, retryOnConditionFailed, type TransactItem, transactWrite } from './transact.js';

/**
 * The one repository of the plain entities (StoredEntityDefinition): an item per
 * record, ids from a counter (in blocks for products and orders: lib/db/id-blocks.ts), optimistic concurrency on a `version`, and listing
 * through index items: an update's and a delete's in the same transaction as the record, a create's just before
 * it (lib/db/entries-first.ts), so every read is strongly consistent and a page costs the same at 100 or 10,000 records.
 * Bespoke entities (orders) add their own items to the same transactions.
 */

export type EntityRecord = StoredRecord;

/**
 * A record as its definition declares it (lib/entities/define.ts): an `int` field a number, a `decimal` its text, an
 * `intList` numbers — and any other stored attribute as a StoredValue.
 */
export type RecordOf<D extends StoredEntityDefinition> = EntityRecord & EntityRecordOf<D>;

const table = () => config().tableName;

// ---------------------------------------------------------------------------------------------- reads

export async function getRecord<D extends StoredEntityDefinition>(
  def: D,
  id: number,
): Promise<RecordOf<D> | undefined> {
  const item = await readItem(entityKeys.record(def.storage.name, id));
  return item ? withoutKeys<RecordOf<D>>(item) : undefined;
}

/** A count item to read: how many records the equality index partition `index#value` of `storage` holds. */
export interface CountRef {
  storage: string;
  index: string;
  value: string | number;
}

/**
 * A record and some count items (field → count), in one strongly consistent BatchGetItem: one DynamoDB
 * request for a single object whose answer shows counts (a category's product_count).
 */
export async function getRecordWithCounts<D extends StoredEntityDefinition>(
  def: D,
  id: number,
  counts: Record<string, CountRef>,
): Promise<{ record: RecordOf<D> | undefined; counts: Record<string, number> }> {
  const recordKey = entityKeys.record(def.storage.name, id);
  const countKeys = Object.entries(counts).map(
    ([field, ref]) => [field, entityKeys.count(ref.storage, ref.index, ref.value)] as const,
  );
  const lookup = await batchGet([recordKey, ...countKeys.flatMap(([, key]) => countParts(key))]);
  const item = lookup(recordKey);
  return {
    record: item ? withoutKeys<RecordOf<D>>(item) : undefined,
    counts: Object.fromEntries(countKeys.map(([field, key]) => [field, sumOf(lookup, key)])),
  };
}

/** Several records in one BatchGetItem per 100, in the order of `ids`; missing ones are left out. */
export async function getRecords<D extends StoredEntityDefinition>(
  def: D,
  ids: readonly number[],
): Promise<RecordOf<D>[]> {
  return (await batchGetInOrder(ids.map((id) => entityKeys.record(def.storage.name, id)))).map((item) =>
    withoutKeys<RecordOf<D>>(item),
  );
}

/** How many records an equality index partition holds (`product_count` of a category is `cid#<id>`). */
export async function countOf(storage: string, index: string, value: string | number): Promise<number> {
  const [count] = await countsAt([entityKeys.count(storage, index, value)]);
  return count!;
}

/** Counts of several values of one index, in one BatchGetItem: `product_count` of a page of categories. */
export async function countsOf(
  storage: string,
  index: string,
  values: ReadonlyArray<string | number>,
): Promise<Map<string, number>> {
  const counts = await countsAt(values.map((value) => entityKeys.count(storage, index, value)));
  return new Map(values.map((value, i) => [String(value), counts[i]!]));
}

/**
 * The values of several counts, in one BatchGetItem (per 100 items), in the order of `keys` (0 for a
 * missing one): each count item with its shards added up (lib/db/count-shards.ts).
 */
export async function countsAt(keys: ReadonlyArray<{ pk: string; sk: string }>): Promise<number[]> {
  const lookup = await batchGet(keys.flatMap((key) => countParts(key)));
  return keys.map((key) => sumOf(lookup, key));
}

function sumOf(
  lookup: (key: { pk: string; sk: string }) => Record<string, unknown> | undefined,
  key: { pk: string; sk: string },
): number {
  return countParts(key).reduce((sum, part) => sum + Number(lookup(part)?.count ?? 0), 0);
}

// --------------------------------------------------------------------------------------------- writes

/**
 * Items a bespoke entity adds to a record's write transaction (the stock of an order's products), and
 * how to explain a failed condition of one of them (`failed`: their indexes among these items).
 */
export interface Extra {
  items: TransactItem[];
  explain?: (failed: number[]) => Error | undefined;
}
export type ExtraItems = (record: EntityRecord, previous?: EntityRecord) => Extra | Promise<Extra>;

/** Fields that depend on the new record's id (a category's id_path), computed once it has one. */
export type WithId = (record: EntityRecord) => Record<string, StoredValue>;

export async function createRecord<D extends StoredEntityDefinition>(
  def: D,
  values: Record<string, StoredValue>,
  extra?: ExtraItems,
  withId?: WithId,
): Promise<RecordOf<D>> {
  return withNewId(def, async (id) => {
    let record: EntityRecord = { ...values, [def.schema.idField]: id, version: 1, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION };
    if (withId) record = { ...record, ...withId(record) };
    const key = entityKeys.record(def.storage.name, id);
    const { entries, transactional } = splitEntries(indexWrites(def, id, undefined, record));
    const items: TransactItem[] = [
      { Put: { TableName: table(), Item: { ...key, ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...transactional,
    ];
    await writeChecked(def, items, record, await extra?.(record), undefined, { key, entries });
    return record as RecordOf<D>;
  });
}

/**
 * Writes a record with a fixed id unless it exists (the store's built-in records: order statuses,
 * the first payment and shipping methods), and moves the id counter past it. Idempotent.
 */
export async function seedRecord(
  def: StoredEntityDefinition,
  id: number,
  values: Record<string, StoredValue>,
): Promise<boolean> {
  const record: EntityRecord = { ...values, [def.schema.idField]: id, version: 1, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION };
  try {
    await transactWrite([
      {
        Put: {
          TableName: table(),
          Item: { ...entityKeys.record(def.storage.name, id), ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...indexWrites(def, id, undefined, record),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
  await idsTakenUpTo(def, id);
  return true;
}

/**
 * Applies a change to a record. `decide` sees the current record on every attempt and may throw
 * (guards, validation); the write conditions on the version it read, so no update is lost.
 */
export async function updateRecord<D extends StoredEntityDefinition>(
  def: D,
  id: number,
  decide: (current: RecordOf<D>) => Record<string, StoredValue> | Promise<Record<string, StoredValue>>,
  extra?: ExtraItems,
): Promise<RecordOf<D>> {
  return retryOnConditionFailed(async () => {
    const current = await getRecord(def, id);
    if (!current) throw new NotFoundError();
    const changes = await decide(current);
    const next: EntityRecord = {
      ...current,
      ...changes,
      [def.schema.idField]: id,
      version: current.version + 1,
      [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION,
    };
    const items: TransactItem[] = [
      {
        Put: {
          TableName: table(),
          Item: { ...entityKeys.record(def.storage.name, id), ...next },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      ...indexWrites(def, id, current, next),
    ];
    await writeChecked(def, items, next, await extra?.(next, current), current);
    return next as RecordOf<D>;
  });
}

/** Deletes a record, its index items and counts; refused (400) while dependants exist. */
export async function deleteRecord<D extends StoredEntityDefinition>(
  def: D,
  id: number,
  judge?: (current: RecordOf<D>) => void | Promise<void>,
  extra?: (current: RecordOf<D>) => TransactItem[],
): Promise<RecordOf<D>> {
  return retryOnConditionFailed(async () => {
    const current = await getRecord(def, id);
    if (!current) throw new NotFoundError();
    await judge?.(current);
    const guards = await guardItems(def, id);
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: table(),
          Key: entityKeys.record(def.storage.name, id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      ...guards,
      ...indexWrites(def, id, current, undefined),
      ...(extra?.(current) ?? []),
    ];
    // A guard item that changed since it was read (a dependant added or removed meanwhile) fails the
    // transaction with ConditionFailed: read again and judge again.
    await transactWrite(items);
    return current;
  });
}

/**
 * The transaction of a create or update, plus a ConditionCheck per referenced record
 * (a reference to a record that does not exist is a 400 naming the field, SPEC §10); a create's `entries` are
 * put before it, once its record's `key` is seen free and the references read are proven, and deleted again if it
 * fails.
 */
async function writeChecked(
  def: StoredEntityDefinition,
  items: TransactItem[],
  record: EntityRecord,
  extra: Extra = { items: [] },
  previous?: EntityRecord,
  create?: { key: { pk: string; sk: string }; entries: ReadonlyArray<Record<string, unknown>> },
): Promise<void> {
  const checks: Array<{ field: string; message: string }> = [];
  const proven: Array<{ field: string; message: string; key: { pk: string; sk: string } }> = [];
  for (const rule of def.storage.references ?? []) {
    const before = new Set(indexValues(previous?.[rule.field]).map(String));
    // A reference a delete guard counts is proven by a read now and by its count's shard not being gone at
    // commit (lib/db/count-shards.ts); others by a ConditionCheck of the referenced record.
    const counted =
      def.storage.indexes.includes(rule.field) && guardedCounts().has(`${def.storage.name}#${rule.field}`);
    for (const value of indexValues(record[rule.field])) {
      // Only new references need proving; 0 means "none" for company-like fields.
      if (before.has(String(value)) || Number(value) === 0) continue;
      const key = entityKeys.record(rule.storage, Number(value));
      if (counted) {
        proven.push({ ...rule, key });
        continue;
      }
      items.push({ ConditionCheck: { TableName: table(), Key: key, ConditionExpression: 'attribute_exists(pk)' } });
      checks.push(rule);
    }
  }
  // A create's entries go in before its record (lib/db/entries-first.ts) and carry its id: were the id taken (a
  // record written with a fixed id the counter was not raised past), they would overwrite that record's own entries.
  // So its key is read first, in the same BatchGetItem as the references.
  if (proven.length > 0 || create) {
    const lookup = await batchGet([...proven.map((rule) => rule.key), ...(create ? [create.key] : [])]);
    if (create && lookup(create.key)) throw new ConditionFailed([0]);
    const missing = proven.find((rule) => !lookup(rule.key));
    if (missing) throw new ValidationError(missing.message, [{ field: missing.field, message: missing.message }]);
  }
  const firstCheck = items.length - checks.length;
  try {
    const commit = () => transactWrite([...items, ...extra.items]);
    await (create ? withEntriesFirst(create.entries, create.key, commit) : commit());
  } catch (error) {
    if (error instanceof ConditionFailed) {
      const broken =
        checks.find((_rule, i) => error.failed.includes(firstCheck + i)) ?? goneReference(def, items, error.failed);
      if (broken) throw new ValidationError(broken.message, [{ field: broken.field, message: broken.message }]);
      const explained = extra.explain?.(error.failed.filter((i) => i >= items.length).map((i) => i - items.length));
      if (explained) throw explained;
    }
    throw error;
  }
}

/**
 * The items of one record's write for a caller that puts several records in one transaction (a
 * variation group and its products): create (`before` absent), update (conditioned on the version
 * read) or delete (`after` absent), with the index items and counts. No reference checks.
 */
export function recordWriteItems(
  def: StoredEntityDefinition,
  id: number,
  before: EntityRecord | undefined,
  written: EntityRecord | undefined,
): TransactItem[] {
  const after = written && { ...written, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION };
  const key = entityKeys.record(def.storage.name, id);
  const condition = before
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': before.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const main: TransactItem = after
    ? { Put: { TableName: table(), Item: { ...key, ...after }, ...condition } }
    : { Delete: { TableName: table(), Key: key, ...condition } };
  return [main, ...indexWrites(def, id, before, after)];
}

/**
 * The items of several records' writes in one transaction: as recordWriteItems, with the count changes
 * of the same count item added up (a transaction may touch an item only once).
 */
export function recordsWriteItems(
  writes: ReadonlyArray<readonly [StoredEntityDefinition, number, EntityRecord | undefined, EntityRecord | undefined]>,
): TransactItem[] {
  const out: TransactItem[] = [];
  const counts = new Map<string, TransactItem>();
  for (const [def, id, before, after] of writes) {
    for (const item of recordWriteItems(def, id, before, after)) {
      const update = item.Update;
      if (!update || update.UpdateExpression !== 'ADD #count :delta') {
        out.push(item);
        continue;
      }
      const key = `${update.Key!.pk}\u0000${update.Key!.sk}`;
      const seen = counts.get(key);
      if (seen) seen.Update!.ExpressionAttributeValues![':delta'] += update.ExpressionAttributeValues![':delta'];
      else {
        const copy = { Update: { ...update, ExpressionAttributeValues: { ...update.ExpressionAttributeValues } } };
        counts.set(key, copy);
        out.push(copy);
      }
    }
  }
  return out;
}

/**
 * The index and sort items to delete and put, and the count changes, between two versions of a record.
 * Entries match by their logical key: one that moved into its partition shard (a record rewritten onto
 * layout 4) is deleted where it was and put where it goes, with no count change.
 */
function indexWrites(
  def: StoredEntityDefinition,
  id: number,
  before: EntityRecord | undefined,
  after: EntityRecord | undefined,
): TransactItem[] {
  const old = indexEntries(def, id, before);
  const now = indexEntries(def, id, after);
  const writes: TransactItem[] = [];
  const samePlace = (a: IndexEntry, b: IndexEntry) => a.key.pk === b.key.pk && a.key.sk === b.key.sk;
  // A count-only entry has no item: an older layout's item of the same key is deleted, none is put.
  const stored = (entry: IndexEntry | undefined): entry is IndexEntry => entry !== undefined && !entry.countOnly;
  for (const [key, entry] of old) {
    const next = now.get(key);
    if (stored(entry) && !(stored(next) && samePlace(entry, next)))
      writes.push({ Delete: { TableName: table(), Key: entry.key } });
    if (!next && entry.count) writes.push(countDelta(entry.count, -1));
  }
  for (const [key, entry] of now) {
    const previous = old.get(key);
    // Unchanged entries are rewritten only when the projected fields they carry changed.
    const unchanged =
      stored(previous) && samePlace(previous, entry) && JSON.stringify(previous.item) === JSON.stringify(entry.item);
    if (stored(entry) && !unchanged)
      writes.push({ Put: { TableName: table(), Item: { ...entry.key, ...entry.item } } });
    if (!previous && entry.count) writes.push(countDelta(entry.count, 1));
  }
  return writes;
}
