import { definitionsWhere, layoutMigration, sortItemsFrom } from './layout-walk.js';

/**
 * Layout 5: the bucketed stock sort items of products (lib/db/sort-buckets.ts: `sortSince` with 5).
 * - Rewrites: every product not yet on the current layout, its stock sort items added as layout 3 added the orders'
 *   customer sort items.
 * - Meanwhile: lists sort and filter by stock in memory, as before, and orders move no stock item of a product not
 *   yet rewritten (lib/operations/orders/stock-items.ts reads the record's layout).
 * - Done: the layout marker raised to 5, then its done marker.
 */
export const layout5 = layoutMigration(
  5,
  "bucketed sort items for the products' stock (sort_by=amount, amount_from / amount_to)",
  () => definitionsWhere((def) => sortItemsFrom(def, 5)),
);
