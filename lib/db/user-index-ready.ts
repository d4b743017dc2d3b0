import { readyMarkerWriter } from './ready-marker.js';
import type { TableContext } from './table-context.js';
import { userKeys } from './user-keys.js';

/**
 * Whether every user has its list copies (company and word items, docs/data-model.md "Users at scale"): the table is
 * on layout 3 or later. The migration `users-index` (lib/db/migrations/layout-02a-users-index.ts) runs just after
 * layout 2's and before layout 3's: the layout marker passes 2 only after it gave every older user its copies. Until
 * then the `company_id`, `name` and `phone` filters read the buckets whole, as the first user layout did. The
 * migration still writes the `USERINDEX` marker it always wrote (and a new table's step and the bootstrap do).
 */
export const USER_INDEX_LAYOUT = 3;

/** Whether the copies are complete (`table`'s layout: no read once it is the current one). */
export const isUserIndexReady = async (table: Pick<TableContext, 'layout'>): Promise<boolean> =>
  (await table.layout()) >= USER_INDEX_LAYOUT;

export const markUserIndexReady = readyMarkerWriter(userKeys.indexReady);
