import { countsOf } from '../db/entity-store.js';
import { categoriesEntity } from '../entities/categories.js';
import { ValidationError } from '../errors.js';
import { reindexProductsUnder } from './category-tree-index.js';
import type { EntityHooks } from './crud.js';
import { deletePostsOf } from './discussions.js';
import { tree } from './tree.js';

const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);

/** The category tree (lib/operations/tree.ts): `id_path`, `level` and the subtree index `path_ids`. */
const categoryTree = tree(categoriesEntity, {
  noun: 'category',
  rootLevel: 1,
  cycleMessage: 'A category cannot be moved under itself or one of its subcategories',
  // The products under a moved category get their ancestors anew.
  afterMove: reindexProductsUnder,
});

/** The ids of a category and all its subcategories (one Query of its subtree partition). */
export const subtreeIds = categoryTree.subtreeIds;

export const categoryHooks: EntityHooks = {
  // A category's discussion posts go with it, as in CS-Cart.
  afterDelete: (deleted) => deletePostsOf('C', Number(deleted.category_id)),
  create: async (values) => {
    if (Number(values.company_id) === 0) throw invalid('company_id', 'The company_id field is required');
    return categoryTree.create(values);
  },
  withId: categoryTree.withId,
  update: async (changes, current) => {
    if (changes.company_id !== undefined && Number(changes.company_id) === 0)
      throw invalid('company_id', 'The company_id field is required');
    return categoryTree.update(changes, current);
  },
  afterWrite: categoryTree.afterWrite,
  alongsideCounts: (id) => ({ product_count: { storage: 'product', index: 'category_ids', value: id } }),
  decorate: async (records, view) => {
    if (view === 'single') return records;
    const counts = await countsOf(
      'product',
      'category_ids',
      records.map((record) => Number(record.category_id)),
    );
    return records.map((record) => ({ ...record, product_count: counts.get(String(record.category_id)) ?? 0 }));
  },
};
