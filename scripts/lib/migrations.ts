import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../lib/db/client.js';
import { config } from '../../lib/config.js';
import { readItem } from '../../lib/db/items.js';
import { textRules } from '../../lib/db/text-items.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { countKeys } from './migration-count-keys.js';
import { layout3 } from './migration-layout-3.js';
import { raiseLayoutMarker, rewriteRecords } from './migration-rewrite.js';
import { usersIndex } from './migration-users-index.js';

/**
 * Upgrades a deployed table's items in place (docs/data-model.md "Layout versions and migrations").
 * Each migration runs once per table: a done marker (`MIGRATION#<id>` / `DONE`) is written when it
 * completes and skips it from then on; a progress marker (`MIGRATION#<id>` / `PROGRESS`) records the last
 * record handled, so an interrupted run resumes there; every step is idempotent, so running it twice (or
 * from a stale progress marker) changes nothing more. `recordsPerSecond` bounds its rate.
 */

/** The default rate bound: a record's rewrite is one transaction of some 30–60 items. */
export const DEFAULT_RECORDS_PER_SECOND = 50;

export type { Migration, MigrationOptions, Progress } from './migration.js';
import type { Migration, MigrationOptions, Progress } from './migration.js';

const table = () => config().tableName;
const marker = (id: string, sk: 'DONE' | 'PROGRESS') => ({ pk: `MIGRATION#${id}`, sk });

/** Definitions whose layout-2 items differ from layout 1's (company copies, text items, newer indexes). */
function layout2Definitions(): StoredEntityDefinition[] {
  return Object.values(ENTITIES)
    .filter((entity): entity is StoredEntityDefinition => 'storage' in entity)
    .filter((def) => Boolean(def.companyScoped?.length || def.indexSince || textRules(def).length))
    .sort((a, b) => a.storage.localeCompare(b.storage));
}

/**
 * Layout 2: every record of those definitions is rewritten through the ordinary update path with no
 * change (scripts/lib/migration-rewrite.ts): its transaction adds the items layout 2 has and layout 1
 * has not, with their counts, conditioned on the version it read, so a concurrent write is never lost
 * (the loser retries). A record already on layout 2 — written since the new code is deployed — is skipped.
 * Then the layout marker (raised to 2, never lowered) lets lists read the new items.
 */
export const layout2: Migration = {
  id: 'layout-2',
  description: 'text items (q, pcode), company-scoped copies for vendors, the orders e-mail index',
  async run(options, progress) {
    await rewriteRecords(this.id, layout2Definitions(), 2, options, progress);
    await raiseLayoutMarker(2);
  },
};

/** Every migration, in the order they run. */
export const MIGRATIONS: readonly Migration[] = [layout2, usersIndex, countKeys, layout3];

/** Runs the migrations not yet done on the configured table; returns the ids it ran. */
export async function runMigrations(options: MigrationOptions, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const ran: string[] = [];
  for (const migration of migrations) {
    if (await readItem(marker(migration.id, 'DONE'))) continue;
    options.log(`migration ${migration.id}: ${migration.description}`);
    const progress: Progress = {
      read: async () => {
        const item = await readItem(marker(migration.id, 'PROGRESS'));
        return { storage: item?.storage as string | undefined, after: item?.after as string | undefined };
      },
      save: async (storage, after) => {
        await db().send(new PutCommand({ TableName: table(), Item: { ...marker(migration.id, 'PROGRESS'), storage, after, saved_at: Math.floor(Date.now() / 1000) } }));
      },
    };
    await migration.run(options, progress);
    await db().send(new PutCommand({ TableName: table(), Item: { ...marker(migration.id, 'DONE'), completed_at: Math.floor(Date.now() / 1000) } }));
    ran.push(migration.id);
  }
  return ran;
}
