import { idsInIndex } from '../../db/entity-list.js';
import { countsOf, getRecords, type RecordOf, updateRecord } from '../../db/entity-store.js';
import type { TableContext } from '../../db/table-context.js';
import { categoriesEntity } from '../../entities/categories.js';
import { productsEntity } from '../../entities/products.js';
import type { StoredValue } from '../../entities/types.js';
import { deletePostsOn } from '../discussions/hooks.js';
import { discussionStoreOn } from '../discussions/store.js';
import { type TreeStore, treeStoreOn } from '../tree/store.js';

/** A category and a product as stored: fields typed by their definitions. */
export type CategoryRecord = RecordOf<typeof categoriesEntity>;
export type ProductRecord = RecordOf<typeof productsEntity>;

/**
 * What the category operations need of storage, one aggregate: the category tree, the categories on a product's
 * paths, the products indexed under a category (`category_tree`) and their counts, and a category's discussion
 * posts. The operations receive it; the unit tests give them one of their own.
 */
export interface CategoryStore {
  /** The categories as a tree (lib/operations/tree/). */
  tree: TreeStore;
  /** The categories of these ids that exist. */
  categories(ids: readonly number[]): Promise<CategoryRecord[]>;
  /** The number of products in each of these categories (`category_ids`), by category id as text. */
  productCounts(categoryIds: number[]): Promise<Map<string, number>>;
  /** The ids of the products indexed under a category or one of its subcategories (`category_tree`). */
  productsUnder(categoryId: number): Promise<number[]>;
  /** Changes a product; `decide` sees it as it is on every attempt (the write conditions on the version read). */
  updateProduct(
    productId: number,
    decide: (current: ProductRecord) => Promise<Record<string, StoredValue>>,
  ): Promise<void>;
  /** Deletes a category's discussion posts. */
  deletePosts(categoryId: number): Promise<void>;
}

/** The category store over a table context's table (lib/db). */
export const categoryStoreOn = (context: TableContext): CategoryStore => ({
  tree: treeStoreOn(categoriesEntity, context),
  categories: (ids) => getRecords(categoriesEntity, ids, context),
  productCounts: (categoryIds) => countsOf('product', 'category_ids', categoryIds, context),
  productsUnder: (categoryId) => idsInIndex(productsEntity, 'category_tree', categoryId, context),
  async updateProduct(productId, decide) {
    await updateRecord(productsEntity, productId, decide, undefined, context);
  },
  deletePosts: (categoryId) => deletePostsOn(discussionStoreOn(context), 'C', categoryId),
});
