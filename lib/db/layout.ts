/**
 * Which item layout a table holds, as request code reads it (docs/data-model.md "Layout versions and migrations").
 * What each layout changed, how it is migrated and how reads answer meanwhile is said by its migration, one file per
 * layout in lib/db/migrations/ (`layout-<NN>.ts`, listed in order by its index.ts). A record carries the layout its
 * items were written in (`layout`; none: 1); an older record has only the items of its own layout until a migration
 * rewrites it. The marker item holds the layout every record of the table has reached: lists read only the items of
 * that layout, and the older ones beside them until it says the newer (until 4, a sharded range's logical partition
 * as well as its shards). A new table gets the current marker when it is created, so it never reads an old way.
 * Request code reads the marker through its table context (lib/db/table-context.ts tableLayout), which keeps it.
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
