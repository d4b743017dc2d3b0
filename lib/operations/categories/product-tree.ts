import { type EntityRecord, recordIdOf } from '../../db/entity-store.js';
import { categoriesEntity } from '../../entities/categories.js';
import { ancestorsOf } from './rules.js';
import type { CategoryStore } from './store.js';

/**
 * A product is indexed under every category on the paths of its categories (`category_tree`, hidden), so
 * `cid` with subcategories is one index partition with a count item: page 1 costs the same at 100 or
 * 10,000 products, and a product in two subcategories is one index item, counted once.
 */
export async function categoryTreeOf(store: CategoryStore, categoryIds: readonly number[]): Promise<number[]> {
  return ancestorsOf(categoryIds, await store.categories(categoryIds));
}

/**
 * After a category moved, every product under it gets its ancestors anew (one conditional write each;
 * repeating the move's PUT completes an interrupted rewrite, as for the categories themselves).
 */
export async function reindexProductsUnder(store: CategoryStore, moved: EntityRecord): Promise<void> {
  for (const productId of await store.productsUnder(recordIdOf(categoriesEntity, moved))) {
    await store.updateProduct(productId, async (current) => ({
      category_tree: await categoryTreeOf(store, ((current.category_ids as number[] | undefined) ?? []).map(Number)),
    }));
  }
}
