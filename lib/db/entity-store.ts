import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { batchGet } from './batch-get.js';
import { guardedCounts } from './count-shards.js';
import { countDelta, goneReference, guardItems } from './count-writes.js';
import { type IndexEntry, indexEntries } from './entity-items.js';
import { entityKeys, indexValues } from './entity-keys.js';
import { type EntityRecord, getRecord, type RecordOf } from './entity-reads.js';
import { CreateEntries, type PostingAdd, splitEntries } from './entries-first.js';
import { LAYOUT_ATTRIBUTE, LAYOUT_VERSION } from './layout.js';
import { postingWrites } from './posting-writes.js';
import { type ClaimedId, withNewId } from './record-ids.js';
import { storedRecord } from './stored-record.js';
import type { TableContext } from './table-context.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import { ConditionFailed, retryOnConditionFailed, type TransactItem, transactWrite } from './transact.js';

/**
 * The one repository of the plain entities (StoredEntityDefinition): an item per
 * record, ids from a counter (in blocks for products and orders: lib/db/id-blocks.ts), optimistic concurrency on a `version`, and listing
 * through index items: an update's and a delete's in the same transaction as the record, a create's just before
 * it (lib/db/entries-first.ts), so every read is strongly consistent and a page costs the same at 100 or 10,000 records.
 * Bespoke entities (orders) add their own items to the same transactions. Its reads are in lib/db/entity-reads.ts.
 */

export {
  type CountRef,
  countOf,
  countsAt,
  countsOf,
  type EntityRecord,
  fieldOf,
  getRecord,
  getRecords,
  getRecordWithCounts,
  type RecordOf,
  recordIdOf,
} from './entity-reads.js';

// Each write goes to the table handed in (lib/db/repository.ts hands its context's); none handed: this instance's.

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
  extra: ExtraItems | undefined,
  withId: WithId | undefined,
  context: TableContext,
): Promise<RecordOf<D>> {
  return createRecordDecidingAgain(
    def,
    { values, extra, withId },
    async (refused) => {
      throw refused;
    },
    undefined,
    context,
  );
}

/** One round of a create: the record's values, the items a bespoke entity adds, the fields that need its id. */
export interface CreatePlan {
  values: Record<string, StoredValue>;
  extra?: ExtraItems;
  withId?: WithId;
}

/**
 * A create whose transaction a condition of its extra items may refuse (an order's stock, taken by another order
 * since it was read): `again` gets the refusal and returns the next round's plan, or throws to give up. Every round
 * keeps the id and the entries already put (lib/db/entries-first.ts CreateEntries), so a round whose index items did
 * not change costs one transaction; the references are proven once. When the create gives up, its entries go.
 */
export async function createRecordDecidingAgain<D extends StoredEntityDefinition>(
  def: D,
  first: CreatePlan,
  again: (refused: ConditionFailed) => Promise<CreatePlan>,
  claimed: Promise<ClaimedId> | undefined,
  context: TableContext,
): Promise<RecordOf<D>> {
  return withNewId(context, def, (id, seenFree) => createRounds(context, def, id, seenFree, first, again), claimed);
}

/** The rounds of createRecordDecidingAgain with its id (`seenFree`: its key was read free already: record-ids.ts claimId). */
async function createRounds<D extends StoredEntityDefinition>(
  table: TableTarget,
  def: D,
  id: number,
  seenFree: boolean,
  first: CreatePlan,
  again: (refused: ConditionFailed) => Promise<CreatePlan>,
): Promise<RecordOf<D>> {
  const key = entityKeys.record(def.storage.name, id);
  const put = new CreateEntries(key, table);
  let plan = first;
  let proven: EntityRecord | undefined;
  try {
    for (;;) {
      let record: EntityRecord = {
        ...plan.values,
        [def.schema.idField]: id,
        version: 1,
        [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION,
      };
      if (plan.withId) record = { ...record, ...plan.withId(record) };
      const { entries, postings, transactional } = splitEntries(indexWrites(table, def, id, undefined, record));
      const items: TransactItem[] = [
        {
          Put: {
            TableName: table.tableName,
            Item: { ...key, ...storedRecord(def, record) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...transactional,
      ];
      try {
        await writeChecked(table, def, items, record, await plan.extra?.(record), undefined, {
          key,
          entries,
          postings,
          put,
          proven,
          seenFree,
        });
        return record as RecordOf<D>;
      } catch (error) {
        // The id taken is withNewId's to handle; any other refusal not explained as a client error is the plan's.
        if (!(error instanceof ConditionFailed) || error.failed.includes(0)) throw error;
        proven = record;
        plan = await again(error);
      }
    }
  } catch (error) {
    await put.abandon(error);
    throw error;
  }
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
  table: TableTarget = DEFAULT_TABLE,
): Promise<RecordOf<D>> {
  return retryOnConditionFailed(async () => {
    const current = await getRecord(def, id, table);
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
          TableName: table.tableName,
          Item: { ...entityKeys.record(def.storage.name, id), ...storedRecord(def, next) },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      ...indexWrites(table, def, id, current, next),
    ];
    await writeChecked(table, def, items, next, await extra?.(next, current), current);
    return next as RecordOf<D>;
  });
}

/** Deletes a record, its index items and counts; refused (400) while dependants exist. */
export async function deleteRecord<D extends StoredEntityDefinition>(
  def: D,
  id: number,
  judge?: (current: RecordOf<D>) => void | Promise<void>,
  extra?: (current: RecordOf<D>) => TransactItem[],
  table: TableTarget = DEFAULT_TABLE,
): Promise<RecordOf<D>> {
  return retryOnConditionFailed(async () => {
    const current = await getRecord(def, id, table);
    if (!current) throw new NotFoundError();
    await judge?.(current);
    const guards = await guardItems(def, id, table);
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: table.tableName,
          Key: entityKeys.record(def.storage.name, id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      ...guards,
      ...indexWrites(table, def, id, current, undefined),
      ...(extra?.(current) ?? []),
    ];
    // A guard item that changed since it was read (a dependant added or removed meanwhile) fails the
    // transaction with ConditionFailed: read again and judge again.
    await transactWrite(items, table);
    return current;
  });
}

/**
 * A create's part of writeChecked: its record's key, its entries and where they are put (before the transaction),
 * and the record of an earlier round whose references and id were already proven.
 */
interface CreateWrite {
  key: { pk: string; sk: string };
  entries: ReadonlyArray<Record<string, unknown>>;
  /** Its posting ADDs, sent beside the entries (lib/db/entries-first.ts splitEntries). */
  postings: readonly PostingAdd[];
  put: CreateEntries;
  proven?: EntityRecord;
  /** The record's key was read free before this create (record-ids.ts claimId): not read again. */
  seenFree?: boolean;
}

/**
 * The transaction of a create or update, plus a ConditionCheck per referenced record
 * (a reference to a record that does not exist is a 400 naming the field, SPEC §10); a create's `entries` are
 * put before it, once its record's `key` is seen free and the references read are proven (its caller deletes them
 * again if it gives up).
 */
async function writeChecked(
  table: TableTarget,
  def: StoredEntityDefinition,
  items: TransactItem[],
  record: EntityRecord,
  extra: Extra = { items: [] },
  previous?: EntityRecord,
  create?: CreateWrite,
): Promise<void> {
  const checks: Array<{ field: string; message: string }> = [];
  const proven: Array<{ field: string; message: string; key: { pk: string; sk: string } }> = [];
  for (const rule of def.storage.references ?? []) {
    const before = new Set(indexValues(previous?.[rule.field]).map(String));
    const provenBefore = new Set(indexValues(create?.proven?.[rule.field]).map(String));
    // A reference a delete guard counts is proven by a read now and by its count's shard not being gone at
    // commit (lib/db/count-shards.ts); others by a ConditionCheck of the referenced record.
    const counted =
      def.storage.indexes.includes(rule.field) && guardedCounts().has(`${def.storage.name}#${rule.field}`);
    for (const value of indexValues(record[rule.field])) {
      // Only new references need proving; 0 means "none" for company-like fields.
      if (before.has(String(value)) || Number(value) === 0) continue;
      const key = entityKeys.record(rule.storage, Number(value));
      if (counted) {
        if (!provenBefore.has(String(value))) proven.push({ ...rule, key });
        continue;
      }
      items.push({
        ConditionCheck: { TableName: table.tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' },
      });
      checks.push(rule);
    }
  }
  // A create's entries go in before its record (lib/db/entries-first.ts) and carry its id: were the id taken (a
  // record written with a fixed id the counter was not raised past), they would overwrite that record's own entries.
  // So its key is read first, in the same BatchGetItem as the references.
  const checkId = create !== undefined && create.proven === undefined && !create.seenFree;
  if (proven.length > 0 || checkId) {
    const lookup = await batchGet([...proven.map((rule) => rule.key), ...(checkId ? [create.key] : [])], table);
    if (checkId && lookup(create.key)) throw new ConditionFailed([0]);
    const missing = proven.find((rule) => !lookup(rule.key));
    if (missing) throw new ValidationError(missing.message, [{ field: missing.field, message: missing.message }]);
  }
  const firstCheck = items.length - checks.length;
  try {
    await create?.put.settle(create.entries, create.postings);
    await transactWrite([...items, ...extra.items], table);
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
  postings = true,
  table: TableTarget = DEFAULT_TABLE,
): TransactItem[] {
  const after = written && { ...written, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION };
  const key = entityKeys.record(def.storage.name, id);
  const condition = before
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': before.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const main: TransactItem = after
    ? { Put: { TableName: table.tableName, Item: { ...key, ...storedRecord(def, after) }, ...condition } }
    : { Delete: { TableName: table.tableName, Key: key, ...condition } };
  return [main, ...indexWrites(table, def, id, before, after, postings)];
}

/**
 * The index and sort items to delete and put, and the count changes, between two versions of a record.
 * Entries match by their logical key: one that moved into its partition shard (a record rewritten onto
 * layout 4) is deleted where it was and put where it goes, with no count change.
 */
function indexWrites(
  table: TableTarget,
  def: StoredEntityDefinition,
  id: number,
  before: EntityRecord | undefined,
  after: EntityRecord | undefined,
  postings = true,
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
      writes.push({ Delete: { TableName: table.tableName, Key: entry.key } });
    if (!next && entry.count) writes.push(countDelta(entry.count, -1, table));
  }
  for (const [key, entry] of now) {
    const previous = old.get(key);
    // Unchanged entries are rewritten only when the projected fields they carry changed.
    const unchanged =
      stored(previous) && samePlace(previous, entry) && JSON.stringify(previous.item) === JSON.stringify(entry.item);
    if (stored(entry) && !unchanged)
      writes.push({ Put: { TableName: table.tableName, Item: { ...entry.key, ...entry.item } } });
    if (!previous && entry.count) writes.push(countDelta(entry.count, 1, table));
  }
  // The record's postings (lib/db/postings.ts): in the same transaction, so a word's ids are exactly its records (a
  // create's go just before it, as its items: lib/db/entries-first.ts).
  if (postings) writes.push(...postingWrites([[def, id, before, after]], table));
  return writes;
}
