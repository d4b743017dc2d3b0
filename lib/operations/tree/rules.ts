import type { StoredValue } from '../../entities/types.js';
import { ValidationError } from '../../errors.js';

/**
 * The pure rules of a tree of records (tree.ts): a record's path is its ancestors' ids and its own, root first
 * (`path_ids`); `id_path` and `level` follow from it.
 */

/** A record's path (`path_ids`), root first; none for a record not placed yet. */
export const pathOf = (record: Record<string, unknown> | undefined): number[] =>
  ((record?.path_ids as number[] | undefined) ?? []).map(Number);

/** The fields of a record placed at `path`: `path_ids`, `id_path` and `level` (a root record's is `rootLevel`). */
export const placed = (path: number[], rootLevel: number): Record<string, StoredValue> => ({
  path_ids: path,
  id_path: path.join('/'),
  level: path.length - 1 + rootLevel,
});

/** The path of a record below `movedId` once the moved record's path is `head`: `head`, then its own tail. */
export const movedPath = (head: number[], path: number[], movedId: number): number[] => [
  ...head,
  ...path.slice(path.indexOf(movedId) + 1),
];

/** The 400 of a bad `parent_id`. */
export const invalidParent = (message: string) => new ValidationError(message, [{ field: 'parent_id', message }]);

/** A record may not move under itself or one of its descendants (`ancestors`: the new parent's path). */
export function checkMove(id: number, parentId: number, ancestors: number[], cycleMessage: string): void {
  if (parentId === id || ancestors.includes(id)) throw invalidParent(cycleMessage);
}
