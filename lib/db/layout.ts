import { readItem } from './items.js';

/**
 * Which item layout a table holds (docs/data-model.md "Layout versions and migrations"). Layout 2 added
 * text items, company-scoped copies and the indexes a definition names in `indexSince`; layout 3 the sort
 * items a definition names in `sortSince` (an order's customer name); layout 4 moved the
 * index, sort and text items of the definitions with `shardedPartitions` into write shards
 * (lib/db/partition-shards.ts); layout 5 the bucketed stock sort items of products (lib/db/sort-buckets.ts);
 * layout 6 text sort keys that put a value before the longer values it starts (lib/db/entity-keys.ts
 * encodeSortValue), no items for the indexes a definition keeps for their counts only (`countOnlySince`: an
 * order's payment, shipping and products) and none for a word that starts another word of the same record
 * (lib/db/text-items.ts textTokens); layout 7 no index items for an equality its text sort's items answer (an order's
 * status and e-mail: `countOnlySince` on a field with a text sort, lib/db/list-plan.ts); layout 8 the items of a small
 * index (`unshardedSince`: a customer's orders, a variation group's products) back in their logical partition, one
 * Query per lookup instead of one per shard; layout 9 the products' active-by-category indexes (`derivedIndexes`: the
 * storefront's category page). A record carries the layout its items were written in (`layout`; none: 1);
 * an older record has only the items of its own layout until the migrations (scripts/lib/migrations.ts)
 * rewrite it. The marker item holds the layout every record of the table has reached: lists read only the
 * items of that layout, and until it says 4 they read a sharded range's logical partition as well as its
 * shards (a record's items are in one or the other, moved in one transaction). A new table gets the current
 * marker when it is created, so it never reads an old way.
 */
export const LAYOUT_VERSION = 9;
/** The layout whose records keep their index, sort and text items in partition shards. */
export const SHARDED_LAYOUT = 4;
export const LAYOUT_ATTRIBUTE = 'layout';
export const layoutMarkerKey = { pk: 'LAYOUT', sk: 'LAYOUT' } as const;

/** The item that says every record of the table is on `version` (the current layout unless told). */
export function layoutMarkerItem(version = LAYOUT_VERSION): Record<string, unknown> {
  return { ...layoutMarkerKey, version, completed_at: Math.floor(Date.now() / 1000) };
}

/** The layout a record's items are those of (1: written before layouts were recorded). */
export const layoutOf = (record: Record<string, unknown>) => Number(record[LAYOUT_ATTRIBUTE] ?? 1);

/** Whether a record's items are those of the current layout. */
export const onCurrentLayout = (record: Record<string, unknown>) => layoutOf(record) >= LAYOUT_VERSION;

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
