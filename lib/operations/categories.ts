import { idsInIndex } from '../db/entity-list.js';
import { countsOf, getRecord, updateRecord, type EntityRecord } from '../db/entity-store.js';
import { categoriesEntity } from '../entities/categories.js';
import type { StoredValue } from '../entities/types.js';
import { ValidationError } from '../errors.js';
import type { EntityHooks } from './crud.js';
import { deletePostsOf } from './discussions.js';

const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);
const pathOf = (record: EntityRecord | undefined): number[] => ((record?.path_ids as number[] | undefined) ?? []).map(Number);

/** The ancestors of a new position in the tree (empty at the root); 400 when the parent does not exist. */
async function parentPath(parentId: number): Promise<number[]> {
  if (parentId === 0) return [];
  const parent = await getRecord(categoriesEntity, parentId);
  if (!parent) throw invalid('parent_id', 'The parent_id field names a category that does not exist');
  return pathOf(parent);
}

function placed(path: number[]): Record<string, StoredValue> {
  return { path_ids: path, id_path: path.join('/'), level: path.length };
}

/** The ids of a category and all its subcategories (one Query of its subtree partition). */
export function subtreeIds(categoryId: number): Promise<number[]> {
  return idsInIndex(categoriesEntity, 'path_ids', categoryId);
}

/**
 * After a move, every category below the moved one gets the moved one's new path in front of
 * its own tail. Each is its own conditional write (a subtree of N categories costs N
 * transactions); an interrupted move is completed by repeating the PUT with the same parent_id.
 */
async function rewriteSubtree(moved: EntityRecord): Promise<void> {
  const id = Number(moved.category_id);
  const head = pathOf(moved);
  for (const descendantId of await subtreeIds(id)) {
    if (descendantId === id) continue;
    await updateRecord(categoriesEntity, descendantId, (current) => {
      const path = pathOf(current);
      return placed([...head, ...path.slice(path.indexOf(id) + 1)]);
    });
  }
}

export const categoryHooks: EntityHooks = {
  // A category's discussion posts go with it, as in CS-Cart.
  afterDelete: (deleted) => deletePostsOf('C', Number(deleted.category_id)),
  create: async (values) => {
    if (Number(values.company_id) === 0) throw invalid('company_id', 'The company_id field is required');
    return { ...values, path_ids: await parentPath(Number(values.parent_id ?? 0)) };
  },
  withId: (record) => placed([...pathOf(record), Number(record.category_id)]),
  update: async (changes, current) => {
    if (changes.company_id !== undefined && Number(changes.company_id) === 0) throw invalid('company_id', 'The company_id field is required');
    if (changes.parent_id === undefined) return changes;
    const id = Number(current.category_id);
    const ancestors = await parentPath(Number(changes.parent_id));
    if (Number(changes.parent_id) === id || ancestors.includes(id)) {
      throw invalid('parent_id', 'A category cannot be moved under itself or one of its subcategories');
    }
    return { ...changes, ...placed([...ancestors, id]) };
  },
  afterWrite: async (record, previous, request) => {
    // Also when the parent did not change: repeating a move completes an interrupted one.
    if (previous && request.body && Object.hasOwn(request.body, 'parent_id')) await rewriteSubtree(record);
  },
  alongsideCounts: (id) => ({ product_count: { storage: 'product', index: 'category_ids', value: id } }),
  decorate: async (records, view) => {
    if (view === 'single') return records;
    const counts = await countsOf('product', 'category_ids', records.map((record) => Number(record.category_id)));
    return records.map((record) => ({ ...record, product_count: counts.get(String(record.category_id)) ?? 0 }));
  },
};

