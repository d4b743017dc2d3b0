import type { categoriesEntity } from '../../entities/categories.js';
import type { EntityHooks } from '../crud.js';
import { treeOf } from '../tree/tree.js';
import { reindexProductsUnder } from './product-tree.js';
import { requireCompany } from './rules.js';
import type { CategoryStore } from './store.js';
import { restrictionItems, restrictionRemoval, withUsergroupIds } from './usergroups.js';

/**
 * The hooks of the generic operations of /categories: a category's place in the tree (lib/operations/tree/:
 * `id_path`, `level` and the subtree index `path_ids`), its company, its product counts, its discussion posts.
 */
export function categoryHooksFor(store: CategoryStore): EntityHooks<typeof categoriesEntity> {
  const categoryTree = treeOf(store.tree, {
    noun: 'category',
    rootLevel: 1,
    cycleMessage: 'A category cannot be moved under itself or one of its subcategories',
    // The products under a moved category get their ancestors anew.
    afterMove: (moved) => reindexProductsUnder(store, moved),
  });
  return {
    // A category's discussion posts go with it, as in CS-Cart.
    afterDelete: (deleted) => store.deletePosts(deleted.category_id),
    create: async (values) => {
      requireCompany(values.company_id);
      return categoryTree.create(await withUsergroupIds(values));
    },
    withId: categoryTree.withId,
    update: async (changes, current) => {
      requireCompany(changes.company_id);
      return categoryTree.update(await withUsergroupIds(changes), current);
    },
    extraItems: () => (record, previous) => restrictionItems(record, previous),
    removeItems: restrictionRemoval,
    afterWrite: categoryTree.afterWrite,
    alongsideCounts: (id) => ({ product_count: { storage: 'product', index: 'category_ids', value: id } }),
    decorate: async (records, view) => {
      if (view === 'single') return records;
      const counts = await store.productCounts(records.map((record) => record.category_id));
      return records.map((record) => ({ ...record, product_count: counts.get(String(record.category_id)) ?? 0 }));
    },
  };
}
