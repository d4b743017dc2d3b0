import { definitionsWhere, layoutMigration } from './layout-walk.js';

/**
 * Layout 9: the products' sparse indexes of their active products by category (`indexSince` with 9:
 * `active_category_ids`, `active_category_tree`, the storefront's category page).
 * - Rewrites: every product not yet on the current layout, the indexes added with their counts, as layout 5 added
 *   the stock items.
 * - Meanwhile: the category page reads the category's partition with the status judged on each item, as before
 *   (lib/db/list-plan.ts reads no index of a later layout than the marker's).
 * - Done: the layout marker raised to 9, then its done marker.
 */
export const layout9 = layoutMigration(
  9,
  "the products' active-by-category indexes (the storefront's category page: one Query and a count)",
  () => definitionsWhere((def) => Object.values(def.storage.indexSince ?? {}).includes(9)),
);
