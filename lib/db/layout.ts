import { readItem } from './items.js';

/**
 * Which item layout a table holds (docs/data-model.md "Layout versions and migrations"). Layout 2 added
 * text items, company-scoped copies and the indexes a definition names in `indexSince`; layout 3 the sort
 * items a definition names in `sortSince` (an order's customer name). A record written
 * by current code carries `layout: 3` and has all of them; an older record has only the items of its own
 * layout until the migrations (scripts/lib/migrations.ts) rewrite it. The marker item says which layout
 * every record of the table is on: lists read only the items of that layout (a new table gets the
 * current marker when it is created, so it never reads an old way).
 */
export const LAYOUT_VERSION = 3;
export const LAYOUT_ATTRIBUTE = 'layout';
export const layoutMarkerKey = { pk: 'LAYOUT', sk: 'LAYOUT' } as const;

/** The item that says the table is fully on the current layout. */
export function layoutMarkerItem(): Record<string, unknown> {
  return { ...layoutMarkerKey, version: LAYOUT_VERSION, completed_at: Math.floor(Date.now() / 1000) };
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
      known = Math.max(1, Number(item?.version ?? 1));
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
