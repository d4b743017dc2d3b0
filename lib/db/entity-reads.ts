import type { DeclaredFieldsOf, EntityRecordOf } from '../entities/record-types.js';
import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { batchGet, batchGetInOrder } from './batch-get.js';
import { countParts } from './count-shards.js';
import type { StoredRecord } from './entity-items.js';
import { entityKeys } from './entity-keys.js';
import { readItem } from './items.js';
import { withoutKeys } from './records.js';
import type { StoredAttributes, StoredExtrasOf } from './stored-extras.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/**
 * The reads of the plain entities' repository (lib/db/entity-store.ts, which re-exports them): records by id, one or
 * many, and the counts kept beside them — each a GetItem or one strongly consistent BatchGetItem per 100 keys. Each
 * reads `table`, this instance's unless told (lib/db/repository.ts passes its context's).
 */

export type EntityRecord = StoredRecord;

/**
 * A record as its definition declares it (lib/entities/define.ts): an `int` field a number, a `decimal` its text, an
 * enum one of its values — exactly those fields (a misspelled one does not compile), the attributes every stored
 * record has (`version`, `layout`) and the few an entity stores beside its fields, named in lib/db/stored-extras.ts.
 */
export type RecordOf<D extends StoredEntityDefinition> =
  IsDeclared<D> extends true
    ? StoredAttributes & Omit<EntityRecordOf<D>, keyof StoredExtrasOf<D>> & StoredExtrasOf<D>
    : EntityRecord & EntityRecordOf<D>;

/**
 * Whether the definition's type names its fields: a definition typed as the general `StoredEntityDefinition` (code
 * for any entity, or one whose field table is built at run time: the companies') has records of any field, its id a number.
 */
type IsDeclared<D extends StoredEntityDefinition> = [keyof DeclaredFieldsOf<D>] extends [never] ? false : true;

/** A record's id: its definition's `idField`, a number in every stored record (lib/db/entity-store.ts writes it so). */
export function recordIdOf(def: StoredEntityDefinition, record: EntityRecord): number {
  return record[def.schema.idField] as number;
}

/** A field named at run time (a sort's, a keyed collection's), where the record's type cannot say which. */
export function fieldOf(record: EntityRecord, field: string): StoredValue | undefined {
  return record[field];
}

export async function getRecord<D extends StoredEntityDefinition>(
  def: D,
  id: number,
  table: TableTarget = DEFAULT_TABLE,
): Promise<RecordOf<D> | undefined> {
  const item = await readItem(entityKeys.record(def.storage.name, id), table);
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
  table: TableTarget = DEFAULT_TABLE,
): Promise<{ record: RecordOf<D> | undefined; counts: Record<string, number> }> {
  const recordKey = entityKeys.record(def.storage.name, id);
  const countKeys = Object.entries(counts).map(
    ([field, ref]) => [field, entityKeys.count(ref.storage, ref.index, ref.value)] as const,
  );
  const lookup = await batchGet([recordKey, ...countKeys.flatMap(([, key]) => countParts(key))], table);
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
  table: TableTarget = DEFAULT_TABLE,
): Promise<RecordOf<D>[]> {
  return (
    await batchGetInOrder(
      ids.map((id) => entityKeys.record(def.storage.name, id)),
      table,
    )
  ).map((item) => withoutKeys<RecordOf<D>>(item));
}

/** How many records an equality index partition holds (`product_count` of a category is `cid#<id>`). */
export async function countOf(
  storage: string,
  index: string,
  value: string | number,
  table: TableTarget = DEFAULT_TABLE,
): Promise<number> {
  const [count] = await countsAt([entityKeys.count(storage, index, value)], table);
  return count!;
}

/** Counts of several values of one index, in one BatchGetItem: `product_count` of a page of categories. */
export async function countsOf(
  storage: string,
  index: string,
  values: ReadonlyArray<string | number>,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Map<string, number>> {
  const counts = await countsAt(
    values.map((value) => entityKeys.count(storage, index, value)),
    table,
  );
  return new Map(values.map((value, i) => [String(value), counts[i]!]));
}

/**
 * The values of several counts, in one BatchGetItem (per 100 items), in the order of `keys` (0 for a
 * missing one): each count item with its shards added up (lib/db/count-shards.ts).
 */
export async function countsAt(keys: ReadonlyArray<{ pk: string; sk: string }>, table: TableTarget): Promise<number[]> {
  const lookup = await batchGet(
    keys.flatMap((key) => countParts(key)),
    table,
  );
  return keys.map((key) => sumOf(lookup, key));
}

function sumOf(
  lookup: (key: { pk: string; sk: string }) => Record<string, unknown> | undefined,
  key: { pk: string; sk: string },
): number {
  return countParts(key).reduce((sum, part) => sum + Number(lookup(part)?.count ?? 0), 0);
}
