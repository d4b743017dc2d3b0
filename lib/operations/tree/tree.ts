import type { EntityRecord } from '../../db/entity-store.js';
import type { StoredValue } from '../../entities/types.js';
import type { ApiRequest } from '../../http/operation.js';
import { checkMove, invalidParent, movedPath, pathOf, placed } from './rules.js';
import type { TreeStore } from './store.js';

/**
 * A tree of records of one entity (categories, pages): `parent_id` 0 is the root; `id_path` and
 * `level` follow from the parent and are rewritten for the whole subtree when a record moves.
 * `path_ids` (hidden, an equality index) lists the record and its ancestors, so its index partition
 * for a record is that record's subtree. The entity's definition needs the fields `parent_id`,
 * `id_path`, `level` and `path_ids`, and `path_ids` among its indexes.
 */
/** What a tree reads of a write's values: the parent, validated as the `int` field it is (crud's typed values). */
export type TreeValues = { parent_id?: number };

export interface Tree {
  /** Values of a new record with its ancestors (`path_ids`); 400 when the parent does not exist. */
  create: <V extends TreeValues>(values: V) => Promise<V & { path_ids: number[] }>;
  /** The new record's `id_path`, `level` and `path_ids`, once it has its id. */
  withId: (record: EntityRecord) => Record<string, StoredValue>;
  /** A change of `parent_id`: the new place, or 400 for an unknown parent or a move under itself. */
  update: <V extends TreeValues>(changes: V, current: EntityRecord) => Promise<V>;
  /** After a committed PUT that named `parent_id`: rewrites the subtree's paths, then runs `afterMove`. */
  afterWrite: (record: EntityRecord, previous: EntityRecord | undefined, request: ApiRequest) => Promise<void>;
  /** The ids of a record and all its descendants (one Query of its subtree partition). */
  subtreeIds: (id: number) => Promise<number[]>;
}

export interface TreeOptions {
  /** What a record is called in messages (`category`). */
  noun: string;
  /** The `level` of a record at the root: 1 for categories, 0 for pages (the recording's values). */
  rootLevel: number;
  /** The 400 of a move under itself or a descendant. */
  cycleMessage: string;
  /** Follow-up work of a move once the subtree's paths are rewritten (categories re-index their products). */
  afterMove?: (record: EntityRecord) => Promise<void>;
}

/** The tree of the records `store` holds. */
export function treeOf(store: TreeStore, { noun, rootLevel, cycleMessage, afterMove }: TreeOptions): Tree {
  async function parentPath(parentId: number): Promise<number[]> {
    if (parentId === 0) return [];
    const parent = await store.record(parentId);
    if (!parent) throw invalidParent(`The parent_id field names a ${noun} that does not exist`);
    return pathOf(parent);
  }

  /**
   * After a move, every record below the moved one gets the moved one's new path in front of its own
   * tail. Each is its own conditional write (a subtree of N records costs N transactions); an
   * interrupted move is completed by repeating the PUT with the same parent_id.
   */
  async function rewriteSubtree(moved: EntityRecord): Promise<void> {
    const id = store.idOf(moved);
    const head = pathOf(moved);
    for (const descendantId of await store.subtreeIds(id)) {
      if (descendantId === id) continue;
      await store.update(descendantId, (current) => placed(movedPath(head, pathOf(current), id), rootLevel));
    }
  }

  return {
    create: async (values) => ({ ...values, path_ids: await parentPath(values.parent_id ?? 0) }),
    withId: (record) => placed([...pathOf(record), store.idOf(record)], rootLevel),
    update: async (changes, current) => {
      if (changes.parent_id === undefined) return changes;
      const id = store.idOf(current);
      const ancestors = await parentPath(changes.parent_id);
      checkMove(id, changes.parent_id, ancestors, cycleMessage);
      return { ...changes, ...placed([...ancestors, id], rootLevel) };
    },
    // Also when the parent did not change: repeating a move completes an interrupted one.
    afterWrite: async (record, previous, request) => {
      if (!previous || !request.body || !Object.hasOwn(request.body, 'parent_id')) return;
      await rewriteSubtree(record);
      await afterMove?.(record);
    },
    subtreeIds: (id) => store.subtreeIds(id),
  };
}
