import { readItem } from './items.js';

/**
 * Which item layout a table holds, as request code reads it (docs/data-model.md "Layout versions and migrations").
 * What each layout changed, how it is migrated and how reads answer meanwhile is said by its migration, one file per
 * layout in lib/db/migrations/ (`layout-<NN>.ts`, listed in order by its index.ts). A record carries the layout its
 * items were written in (`layout`; none: 1); an older record has only the items of its own layout until a migration
 * rewrites it. The marker item holds the layout every record of the table has reached: lists read only the items of
 * that layout, and the older ones beside them until it says the newer (until 4, a sharded range's logical partition
 * as well as its shards). A new table gets the current marker when it is created, so it never reads an old way.
 */
export const LAYOUT_VERSION = 11;
/** The layout whose records keep their index, sort and text items in partition shards. */
export const SHARDED_LAYOUT = 4;
/** The layout whose users have their sort copies (lib/db/user-sort-keys.ts, migrations/layout-11.ts). */
export const USER_SORT_LAYOUT = 11;
export const LAYOUT_ATTRIBUTE = 'layout';
export const layoutMarkerKey = { pk: 'LAYOUT', sk: 'LAYOUT' } as const;

/** The layout a record's items are those of (1: written before layouts were recorded). */
export const layoutOf = (record: Record<string, unknown>) => Number(record[LAYOUT_ATTRIBUTE] ?? 1);

// A table never goes back to an older layout, so the current one is kept for the life of the process; an
// older one is asked again after a few seconds, so lists switch soon after a migration completes.
const RECHECK_MS = 5_000;
let known = 1;
let checkedAt = 0;
let pending: Promise<number> | undefined;

/** The layout every record of the table is on (one GetItem per process until it is the current one, then none). */
export async function tableLayout(): Promise<number> {
  if (known >= LAYOUT_VERSION || Date.now() - checkedAt < RECHECK_MS) return known;
  pending ??= readItem(layoutMarkerKey)
    .then((item) => {
      known = Math.max(known, Number(item?.version ?? 1));
      checkedAt = Date.now();
      return known;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Whether lists may read layout-2 items (text items, company copies, newer indexes). */
export const layoutReady = async (): Promise<boolean> => (await tableLayout()) >= 2;

/** Forget what was read (tests that migrate a table in this process). */
export function forgetLayout(): void {
  known = 1;
  checkedAt = 0;
}
