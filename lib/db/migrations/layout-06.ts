import { textRules } from '../text-items.js';
import { definitionsWhere, keepsOnlyCountsFrom, layoutMigration } from './layout-walk.js';

/**
 * Layout 6: text sort keys that put a value before the longer values it starts (lib/db/entity-keys.ts
 * encodeSortValue), no items for the indexes a definition keeps for their counts only (`countOnlySince` with 6: an
 * order's payment, shipping and products) and none for a word that starts another word of the same record
 * (lib/db/text-items.ts textTokens).
 * - Rewrites: every record of a definition with a text sort, such an index or a words rule, as layout 5 added its
 *   items: the old sort item deleted and the new one put in one transaction.
 * - Meanwhile: a text sort reads both kinds of key side by side, and orders a value followed by a space after the
 *   values it starts, as before.
 * - Done: the layout marker raised to 6, then its done marker.
 */
export const layout6 = layoutMigration(
  6,
  'text sort keys that put "gam" before "gam 100" (sort_by=product, code, email, customer…); orders without payment, shipping and product index items; no text item for a word that starts another',
  () =>
    definitionsWhere(
      (def) =>
        Object.values(def.storage.sortRules ?? {}).some((rule) => !rule.numeric && !rule.bucketed) ||
        keepsOnlyCountsFrom(def, 6) ||
        textRules(def).some((rule) => rule.op === 'words'),
    ),
);
