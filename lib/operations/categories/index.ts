import { instanceTable } from '../instance-table.js';
import { categoryHooksFor } from './hooks.js';
import { categoryTreeOf as treeOfProduct } from './product-tree.js';
import { categoryStoreOn } from './store.js';

const store = /* @__PURE__ */ categoryStoreOn(instanceTable);

/**
 * Categories (lib/entities/categories.ts) as the functions and the product operations use them, over the DynamoDB
 * store. The pieces: store.ts (the storage the operations receive), rules.ts (pure rules), product-tree.ts (the
 * categories a product is indexed under), hooks.ts (the hooks of the generic operations).
 */
export const categoryHooks = categoryHooksFor(store);

/** The categories a product in `categoryIds` is indexed under (`category_tree`): those and their ancestors. */
export const categoryTreeOf = (categoryIds: readonly number[]): Promise<number[]> => treeOfProduct(store, categoryIds);
