import { readItem } from './items.js';

/**
 * Which item layout a table holds (docs/data-model.md "Layout versions and migrations"). Layout 2 added
 * text items, company-scoped copies and the indexes a definition names in `indexSince`. A record written
 * by layout-2 code carries `layout: 2` and has all of them; an older record has only the layout-1 items
 * until the migration (scripts/lib/migrations.ts) rewrites it. The marker item says every record of the
 * table is on layout 2: until it exists, lists read only layout-1 items (a new table gets the marker
 * when it is created, so it never reads the old way).
 */
export const LAYOUT_VERSION = 2;
export const LAYOUT_ATTRIBUTE = 'layout';
export const layoutMarkerKey = { pk: 'LAYOUT', sk: 'LAYOUT' } as const;

/** The item that says the table is fully on the current layout. */
export function layoutMarkerItem(): Record<string, unknown> {
  return { ...layoutMarkerKey, version: LAYOUT_VERSION, completed_at: Math.floor(Date.now() / 1000) };
}

/** Whether a record's items are those of the current layout. */
export const onCurrentLayout = (record: Record<string, unknown>) => Number(record[LAYOUT_ATTRIBUTE] ?? 1) >= LAYOUT_VERSION;

// A table never goes back to an older layout, so "ready" is kept for the life of the process; "not yet"
// is asked again after a few seconds, so lists switch soon after a migration completes.
const RECHECK_MS = 5_000;
let ready = false;
let checkedAt = 0;
let pending: Promise<boolean> | undefined;

/** Whether lists may read layout-2 items (one GetItem per process until it is, then none). */
export async function layoutReady(): Promise<boolean> {
  if (ready) return true;
  if (Date.now() - checkedAt < RECHECK_MS) return false;
  pending ??= readItem(layoutMarkerKey)
    .then((item) => {
      ready = Number(item?.version ?? 0) >= LAYOUT_VERSION;
      checkedAt = Date.now();
      return ready;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Forget what was read (tests that migrate a table in this process). */
export function forgetLayout(): void {
  ready = false;
  checkedAt = 0;
}
