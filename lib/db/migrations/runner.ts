import { LAYOUT_VERSION } from '../layout.js';
import { MIGRATIONS } from './index.js';
import { doneOf, isDone, markDone, progressOf, raiseLayoutMarker } from './markers.js';
import type { Migration, MigrationOptions } from './migration.js';
import { markNewTable, tableStart } from './start.js';

/**
 * Upgrades a deployed table's items in place (docs/data-model.md "Layout versions and migrations"): npm start,
 * npm run deploy (scripts/lib/deploy-migrate.ts) and `npm run admin -- migrate` call it. Each migration runs once per
 * table: its done marker skips it from then on, its progress marker lets an interrupted run resume where it stopped
 * (markers.ts); every step is idempotent, so running it twice (or from a stale progress marker) changes nothing more.
 * `recordsPerSecond` bounds its rate.
 */

/** The default rate bound: a record's rewrite is one transaction of some 30–60 items. */
export const DEFAULT_RECORDS_PER_SECOND = 50;

/** The rate bound of the migrations a deploy or `npm start` runs: `MIGRATION_RATE`, else the default. */
export function migrationRateFromEnv(): number {
  const rate = Number(process.env.MIGRATION_RATE || DEFAULT_RECORDS_PER_SECOND);
  return rate > 0 ? rate : DEFAULT_RECORDS_PER_SECOND;
}

/**
 * Runs the migrations not yet done on the configured table (`migrations`: all of index.ts unless told); returns the
 * ids it ran. A new table runs none (it is marked on the current layout), and a table on a newer layout than this
 * code's is refused (start.ts). A layout migration that completed raises the layout marker before its done marker.
 */
export async function runMigrations(
  options: MigrationOptions,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  if ((await tableStart(MIGRATIONS)) === 'new') {
    await markNewTable(MIGRATIONS);
    options.log(`a new table: item layout ${LAYOUT_VERSION} from the start, no migration needed`);
    return [];
  }
  const ran: string[] = [];
  // Every done marker in one read; one not done then is read again just before it would run, in case another
  // process (a second deploy) finished it meanwhile.
  const done = new Set(await doneOf(migrations.map((migration) => migration.id)));
  for (const migration of migrations) {
    if (done.has(migration.id) || (await isDone(migration.id))) continue;
    options.log(`migration ${migration.id}: ${migration.description}`);
    await migration.run(options, progressOf(migration.id));
    if (migration.layout !== undefined) await raiseLayoutMarker(migration.layout);
    await markDone(migration.id);
    ran.push(migration.id);
  }
  return ran;
}
