import type { WriteValuesOf } from '../entities/record-types.js';
import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import type { ListRequest, ListResult } from './entity-list.js';
import { type EntityReader, readerOf } from './entity-reader.js';
import {
  type CountRef,
  createRecord,
  deleteRecord,
  type EntityRecord,
  type Extra,
  type ExtraItems,
  fieldOf,
  type RecordOf,
  recordIdOf,
  updateRecord,
  type WithId,
} from './entity-store.js';
import { presetTime } from './preset-ids.js';
import type { TableContext } from './table-context.js';
import type { TransactItem } from './transact.js';

export type { ListCondition } from './entity-list.js';
export type {
  CountRef,
  EntityReader,
  EntityRecord,
  Extra,
  ExtraItems,
  ListRequest,
  ListResult,
  RecordOf,
  TransactItem,
  WithId,
};
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
export interface EntityRepository<D extends StoredEntityDefinition> extends EntityReader<D> {
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
    ...readerOf(def, context),
    create: (values, options = {}) => createRecord(def, stored(values), options.extra, options.withId, context),
    update: (id, decide, extra) =>
      updateRecord(def, id, async (current) => stored(await decide(current)), extra, context),
    delete: (id, judge, extra) => deleteRecord(def, id, judge, extra, context),
    now: () => Math.floor(context.now() / 1000),
    createdTime: (field) => presetTime(field) ?? Math.floor(context.now() / 1000),
  };
}
