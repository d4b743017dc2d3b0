import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.js';
import { db } from '../client.js';
import { readItem } from '../items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../layout.js';
import { doneOf, markAllDone, markCurrentLayout } from './markers.js';
import type { Migration } from './migration.js';

/**
 * What the migrations find before they run (runner.ts runMigrations; CHANGELOG.md "Item layouts"):
 * - a table on a newer layout than this code knows: an older commit deployed onto a table a newer one migrated.
 *   Refused with what to do (CHANGELOG.md "Rolling back"): this code would read it the old way and answer wrong.
 * - a new table (created on the current layout by lib/db/setup.ts ensureTable, or by the core stack and still
 *   empty), on which no migration has run: it holds nothing of an older layout, so each migration is marked done
 *   (with what it leaves behind on a new table, `onNewTable`) and none runs.
 * - else a table an older version wrote: the migrations not done run.
 */
export type TableStart = 'new' | 'older';

/** The refusal of a table on a newer layout: what happened, and the two ways out. */
export function newerLayoutMessage(version: number): string {
  return (
    `the table is on item layout ${version}, newer than this code's ${LAYOUT_VERSION}: a newer version migrated it, ` +
    'and this one would read it the old way. Deploy the newer version again, or restore the table to a time ' +
    'before that migration (npm run admin -- restore) and deploy this version onto the restored table; ' +
    'CHANGELOG.md "Rolling back" says which layouts an older version still reads.'
  );
}

async function tableIsEmpty(): Promise<boolean> {
  const { Items } = await db().send(new ScanCommand({ TableName: config().tableName, Limit: 1, ConsistentRead: true }));
  return (Items ?? []).length === 0;
}

/** Whether the table is new (see above); throws on a table on a newer layout. */
export async function tableStart(migrations: readonly Migration[]): Promise<TableStart> {
  const marker = await readItem(layoutMarkerKey);
  const version = Number(marker?.version ?? 0);
  if (version > LAYOUT_VERSION) throw new Error(newerLayoutMessage(version));
  if ((await doneOf(migrations.map((migration) => migration.id))).length > 0) return 'older';
  if (version === LAYOUT_VERSION) return 'new';
  return marker === undefined && (await tableIsEmpty()) ? 'new' : 'older';
}

/** A new table: on the current layout from the start, every migration done without running. */
export async function markNewTable(migrations: readonly Migration[]): Promise<void> {
  await markCurrentLayout();
  for (const migration of migrations) await migration.onNewTable?.();
  await markAllDone(
    migrations.map((migration) => migration.id),
    { new_table: true },
  );
}
