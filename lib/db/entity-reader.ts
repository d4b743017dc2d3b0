import type { StoredEntityDefinition } from '../entities/types.js';
import { idsInIndex, type ListRequest, type ListResult, listRecords } from './entity-list.js';
import {
  type CountRef,
  countOf,
  countsOf,
  type EntityRecord,
  getRecord,
  getRecords,
  getRecordWithCounts,
  type RecordOf,
  recordIdOf,
} from './entity-reads.js';
import type { TableContext } from './table-context.js';

/**
 * The reads of one plain entity's storage (lib/db/repository.ts `EntityRepository` adds the writes): what an
 * operation that only reads another entity (an order's existence, a product's features, the storefront's
 * visibility rules) is handed. A port of its own so that such a function's bundle carries the read path only, not
 * the create, update and delete transactions a repository's object literal would keep.
 */
export interface EntityReader<D extends StoredEntityDefinition> {
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
  /** How many records a count item holds (`ref`: another entity's index partition, a category's products). */
  count(ref: CountRef): Promise<number>;
  /** How many of this entity's records hold each of `values` in `index` (value as text → count), in one BatchGetItem. */
  countsOf(index: string, values: ReadonlyArray<string | number>): Promise<Map<string, number>>;
}

/** The reads of `def` over `context`'s table. */
export function readerOf<D extends StoredEntityDefinition>(def: D, context: TableContext): EntityReader<D> {
  return {
    def,
    idOf: (record) => recordIdOf(def, record),
    get: (id) => getRecord(def, id, context),
    getWithCounts: (id, counts) => getRecordWithCounts(def, id, counts, context),
    getMany: (ids) => getRecords(def, ids, context),
    list: (request) => listRecords(def, request, context),
    idsIn: (index, value) => idsInIndex(def, index, value, context),
    count: (ref) => countOf(ref.storage, ref.index, ref.value, context),
    countsOf: (index, values) => countsOf(def.storage.name, index, values, context),
  };
}

export type { CountRef, EntityRecord, ListRequest, ListResult, RecordOf };
