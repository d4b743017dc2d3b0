import { idsInIndex } from '../db/entity-list.js';
import { type EntityRecord, getRecords, updateRecord } from '../db/entity-store.js';
import { categoriesEntity } from '../entities/categories.js';
import { productsEntity } from '../entities/products.js';

/**
 * A product is indexed under every category on the paths of its categories (`category_tree`, hidden), so
 * `cid` with subcategories is one index partition with a count item: page 1 costs the same at 100 or
 * 10,000 products, and a product in two subcategories is one index item, counted once.
 */
export async function categoryTreeOf(categoryIds: readonly number[]): Promise<number[]> {
  const categories = await getRecords(categoriesEntity, categoryIds);
  const ancestors = new Set<number>(categoryIds);
  for (const category of categories)
    for (const id of (category.path_ids as number[] | undefined) ?? []) ancestors.add(Number(id));
  return [...ancestors].sort((a, b) => a - b);
}

/**
 * After a category moved, every product under it gets its ancestors anew (one conditional write each;
 * repeating the move's PUT completes an interrupted rewrite, as for the categories themselves).
 */
export async function reindexProductsUnder(moved: EntityRecord): Promise<void> {
  for (const productId of await idsInIndex(productsEntity, 'category_tree', Number(moved.category_id))) {
    await updateRecord(productsEntity, productId, async (current) => ({
      category_tree: await categoryTreeOf(((current.category_ids as number[] | undefined) ?? []).map(Number)),
    }));
  }
}
