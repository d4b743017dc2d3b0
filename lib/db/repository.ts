import type { WriteValuesOf } from '../entities/record-types.js';
import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { idsInIndex, type ListRequest, type ListResult, listRecords } from './entity-list.js';
import {
  type CountRef,
  countOf,
  countsOf,
  createRecord,
  deleteRecord,
  type EntityRecord,
  type Extra,
  type ExtraItems,
  fieldOf,
  getRecord,
  getRecords,
  getRecordWithCounts,
  type RecordOf,
  recordIdOf,
  updateRecord,
  type WithId,
} from './entity-store.js';
import { presetTime } from './preset-ids.js';
import type { TableContext } from './table-context.js';
import type { TransactItem } from './transact.js';

export type { ListCondition } from './entity-list.js';
export type { CountRef, EntityRecord, Extra, ExtraItems, ListRequest, ListResult, RecordOf, TransactItem, WithId };
/** A record's id and a field named at run time: pure helpers of the records a repository answers. */
export { fieldOf, recordIdOf };

/**
 * The storage of one plain entity, as the generic CRUD path (lib/operations/crud.ts) uses it: the port beside the
 * aggregates' own (lib/operations/<aggregate>/store.ts), typed by the definition — records are `RecordOf<D>`, what a
 * write stores `WriteValuesOf<D>`. Built from a TableContext (repositoryOf), so every read and write goes to that
 * context's table, with its id blocks, layout and clock: the serverless TypeScript demo's `ProductStore` and
 * Powertools' persistence layer, which takes its client, are the models. Each method is the one storage step it
 * was when crud.ts called lib/db directly (the same requests, the same units).
 */
export interface EntityRepository<D extends StoredEntityDefinition> {
  readonly def: D;
  /** A record's id, under the definition's id field (a pure helper: no storage step). */
  idOf(record: EntityRecord): number;
  /** The record of this id (one GetItem, joined with the other reads of its turn: lib/db/joined-reads.ts). */
  get(id: number): Promise<RecordOf<D> | undefined>;
  /** The record and some counts (field → count item) in one BatchGetItem: a GET of one object stays one request. */
  getWithCounts(
    id: number,
    counts: Record<string, CountRef>,
  ): Promise<{ record: RecordOf<D> | undefined; counts: Record<string, number> }>;
  /** The records of these ids that exist, in their order (one BatchGetItem per 100). */
  getMany(ids: readonly number[]): Promise<RecordOf<D>[]>;
  /** A page of records (lib/db/entity-list.ts: how a list is read). */
  list(request: ListRequest): Promise<ListResult<RecordOf<D>>>;
  /** Every id in one equality index partition, in id order (`status` `A`; a category's subtree: `path_ids` 12). */
  idsIn(index: string, value: string | number): Promise<number[]>;
  /** Creates a record with a new id; `extra` items join its transaction, `withId` adds the fields its id decides. */
  create(values: WriteValuesOf<D>, options?: { extra?: ExtraItems; withId?: WithId }): Promise<RecordOf<D>>;
  /** Applies `decide`'s changes to the record as it is, on its version (again on a lost race); 404 when none. */
  update(
    id: number,
    decide: (current: RecordOf<D>) => Promise<WriteValuesOf<D>> | WriteValuesOf<D>,
    extra?: ExtraItems,
  ): Promise<RecordOf<D>>;
  /** Deletes the record after `judge` (which may throw) saw it, with `extra` items in its transaction; 404 when none. */
  delete(
    id: number,
    judge?: (current: RecordOf<D>) => Promise<void> | void,
    extra?: (current: RecordOf<D>) => TransactItem[],
  ): Promise<RecordOf<D>>;
  /** How many records a count item holds (`ref`: another entity's index partition, a category's products). */
  count(ref: CountRef): Promise<number>;
  /** How many of this entity's records hold each of `values` in `index` (value as text → count), in one BatchGetItem. */
  countsOf(index: string, values: ReadonlyArray<string | number>): Promise<Map<string, number>>;
  /** The context's clock, in seconds since the epoch (what an update stamps into `updated_timestamp`). */
  now(): number;
  /**
   * The time (s since the epoch) a create stamps into `field` (`timestamp`, `updated_timestamp`): now, or the
   * source's time during an import (lib/db/preset-ids.ts).
   */
  createdTime(field: string): number;
}

/**
 * What a write hands the store: the values validated, defaulted and typed by the definition. A field a hook
 * deliberately clears is `undefined`, which the document client drops (`removeUndefinedValues`): the store's
 * record type has no such value, hence this one widening.
 */
const stored = (values: object) => values as Record<string, StoredValue>;

/** The repository of `def` over `context`'s table. */
export function repositoryOf<D extends StoredEntityDefinition>(def: D, context: TableContext): EntityRepository<D> {
  return {
    def,
    idOf: (record) => recordIdOf(def, record),
    get: (id) => getRecord(def, id, context),
    getWithCounts: (id, counts) => getRecordWithCounts(def, id, counts, context),
    getMany: (ids) => getRecords(def, ids, context),
    list: (request) => listRecords(def, request, context),
    idsIn: (index, value) => idsInIndex(def, index, value, context),
    create: (values, options = {}) => createRecord(def, stored(values), options.extra, options.withId, context),
    update: (id, decide, extra) =>
      updateRecord(def, id, async (current) => stored(await decide(current)), extra, context),
    delete: (id, judge, extra) => deleteRecord(def, id, judge, extra, context),
    count: (ref) => countOf(ref.storage, ref.index, ref.value, context),
    countsOf: (index, values) => countsOf(def.storage.name, index, values, context),
    now: () => Math.floor(context.now() / 1000),
    createdTime: (field) => presetTime(field) ?? Math.floor(context.now() / 1000),
  };
}
