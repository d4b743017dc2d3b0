import { definitionsWhere, layoutMigration, sortItemsFrom } from './layout-walk.js';

/**
 * Layout 3 (a table migrated to layout 2 before): the sort items a definition names in `sortSince` with 3, the
 * orders' customer name (`sort_by=customer`).
 * - Rewrites: every order not yet on the current layout, its customer-name sort items added.
 * - Meanwhile: lists sort by the customer name in memory, as before.
 * - Done: the layout marker raised to 3, then its done marker.
 */
export const layout3 = layoutMigration(3, "sort items for the orders' customer name (sort_by=customer)", () =>
  definitionsWhere((def) => sortItemsFrom(def, 3)),
);
