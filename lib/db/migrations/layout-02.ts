import { hasPartitionShards } from '../partition-shards.js';
import { textRules } from '../text-items.js';
import { definitionsWhere, layoutMigration } from './layout-walk.js';

/**
 * Layout 2: text items (`q`, `pcode`), company-scoped copies for vendors (`companyScoped`) and the indexes a
 * definition names in `indexSince` (the orders' e-mail index).
 * - Rewrites: every record of the definitions whose items differ from layout 1's (those, the sorts of `sortSince` and
 *   the partition shards of later layouts too: the code writes the current layout) not yet on the current layout.
 * - Meanwhile: lists read no layout-2 item (lib/db/table-context.ts layoutReady): text search, a vendor's lists and the
 *   newer indexes read the records as layout 1 did.
 * - Done: the layout marker raised to 2, then its done marker.
 */
export const layout2 = layoutMigration(
  2,
  'text items (q, pcode), company-scoped copies for vendors, the orders e-mail index',
  () =>
    definitionsWhere((def) =>
      Boolean(
        def.storage.companyScoped?.length ||
          def.storage.indexSince ||
          def.storage.sortSince ||
          textRules(def).length ||
          hasPartitionShards(def),
      ),
    ),
);
