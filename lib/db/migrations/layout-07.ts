import { definitionsWhere, keepsOnlyCountsFrom, layoutMigration } from './layout-walk.js';

/**
 * Layout 7: an order's status and e-mail filters read the status and e-mail sort items (lib/db/list-plan.ts
 * sliceDriver), so their index items go (`countOnlySince` with 7).
 * - Rewrites: each order, without its status and e-mail index items (their company copies too; the status counts
 *   stay).
 * - Meanwhile: those filters read the index items and the sort items side by side.
 * - Done: the layout marker raised to 7, then its done marker.
 */
export const layout7 = layoutMigration(
  7,
  "orders without status and e-mail index items (their filters read the orders' status and e-mail sort items)",
  () => definitionsWhere((def) => keepsOnlyCountsFrom(def, 7)),
);
