import { idsInIndex } from '../../db/entity-list.js';
import { type EntityRecord, getRecord, recordIdOf, updateRecord } from '../../db/entity-store.js';
import type { TableContext } from '../../db/table-context.js';
import type { StoredEntityDefinition, StoredValue } from '../../entities/types.js';

/**
 * What a tree of records of one entity needs of storage: a record, the ids of a record's subtree (its `path_ids`
 * index partition), and a record's conditional update. The tree operations receive it; the unit tests give them one
 * of their own.
 */
export interface TreeStore {
  /** A record's id (its definition's id field). */
  idOf(record: EntityRecord): number;
  record(id: number): Promise<EntityRecord | undefined>;
  /** The ids of a record and all its descendants (one Query of its subtree partition). */
  subtreeIds(id: number): Promise<number[]>;
  /** Changes a record; `decide` sees it as it is on every attempt (the write conditions on the version read). */
  update(id: number, decide: (current: EntityRecord) => Record<string, StoredValue>): Promise<void>;
}

/** The tree store of an entity over a table context's table (lib/db). */
export const treeStoreOn = (def: StoredEntityDefinition, context: TableContext): TreeStore => ({
  idOf: (record) => recordIdOf(def, record),
  record: (id) => getRecord(def, id, context),
  subtreeIds: (id) => idsInIndex(def, 'path_ids', id, context),
  async update(id, decide) {
    await updateRecord(def, id, decide, undefined, context);
  },
});
