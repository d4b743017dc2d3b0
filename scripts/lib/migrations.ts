import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { ALL_INDEX, entityKeys } from '../../lib/db/entity-keys.js';
import { getRecords } from '../../lib/db/entity-store.js';
import { conditionHeld, readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerItem, onCurrentLayout } from '../../lib/db/layout.js';
import { hasPartitionShards, shardPks } from '../../lib/db/partition-shards.js';
import { queryPages } from '../../lib/db/query.js';
import { rewriteToCurrentLayout as rewriteRecord } from '../../lib/db/record-rewrite.js';
import { textRules } from '../../lib/db/text-items.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { countKeys } from './migration-count-keys.js';
import { markNewTable, migrationMarker, tableStart } from './migration-start.js';
import { usersIndex } from './migration-users-index.js';
import { usersPostings } from './migration-users-postings.js';

/**
 * Upgrades a deployed table's items in place (docs/data-model.md "Layout versions and migrations").
 * Each migration runs once per table: a done marker (`MIGRATION#<id>` / `DONE`) is written when it
 * completes and skips it from then on; a progress marker (`MIGRATION#<id>` / `PROGRESS`) records the last
 * record handled, so an interrupted run resumes there; every step is idempotent, so running it twice (or
 * from a stale progress marker) changes nothing more. `recordsPerSecond` bounds its rate.
 */

/** The default rate bound: a record's rewrite is one transaction of some 30–60 items. */
export const DEFAULT_RECORDS_PER_SECOND = 50;

/** The rate bound of the migrations a deploy or `npm start` runs: `MIGRATION_RATE`, else the default. */
export function migrationRateFromEnv(): number {
  const rate = Number(process.env.MIGRATION_RATE || DEFAULT_RECORDS_PER_SECOND);
  return rate > 0 ? rate : DEFAULT_RECORDS_PER_SECOND;
}

export type { Migration, MigrationOptions, Progress } from './migration.js';

import type { Migration, MigrationOptions, Progress } from './migration.js';

const table = () => config().tableName;
const marker = migrationMarker;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stored = () => Object.values(ENTITIES).filter((entity): entity is StoredEntityDefinition => 'storage' in entity);
const byStorage = (a: StoredEntityDefinition, b: StoredEntityDefinition) =>
  a.storage.name.localeCompare(b.storage.name);

/** Definitions whose later layouts' items differ from layout 1's (company copies, text items, newer indexes and sorts). */
function layout2Definitions(): StoredEntityDefinition[] {
  return stored()
    .filter((def) =>
      Boolean(
        def.storage.companyScoped?.length ||
          def.storage.indexSince ||
          def.storage.sortSince ||
          textRules(def).length ||
          hasPartitionShards(def),
      ),
    )
    .sort(byStorage);
}

/** Definitions with sort items a layout added (`sortSince`): an order's customer name (3), a product's stock (5). */
function sortItemsOf(layout: number): StoredEntityDefinition[] {
  return stored()
    .filter((def) => Object.values(def.storage.sortSince ?? {}).includes(layout))
    .sort(byStorage);
}

/**
 * Layout 2: every record of those definitions is rewritten through the ordinary update path with no
 * change (lib/db/record-rewrite.ts, as lib/db/entity-store.ts updateRecord would): its transaction adds the items layout 2 has and layout 1
 * has not, with their counts, conditioned on the version it read, so a concurrent write is never lost
 * (the loser retries). A record already on layout 2 — written since the new code is deployed — is skipped.
 * Then the layout marker lets lists read the new items.
 */
export const layout2: Migration = {
  id: 'layout-2',
  description: 'text items (q, pcode), company-scoped copies for vendors, the orders e-mail index',
  run: (options, progress) => rewriteToCurrentLayout(layout2Definitions(), 2, options, progress),
};

/**
 * Layout 3 (a table migrated to layout 2 before): the customer-name sort items of orders, added the same
 * way to every order not yet on layout 3. Until the marker says 3, lists sort by it in memory, as before.
 */
export const layout3: Migration = {
  id: 'layout-3',
  description: "sort items for the orders' customer name (sort_by=customer)",
  run: (options, progress) => rewriteToCurrentLayout(sortItemsOf(3), 3, options, progress),
};

/** Definitions whose index, sort and text items are in partition shards from layout 4 (products, orders). */
function layout4Definitions(): StoredEntityDefinition[] {
  return stored().filter(hasPartitionShards).sort(byStorage);
}

/**
 * Layout 4: the index, sort and text items of products and orders move from their logical partitions into
 * the partition shard of their record's id (lib/db/partition-shards.ts), each record in the one transaction
 * of its rewrite (the items deleted where they were, put where they go; counts untouched). Until the marker
 * says 4, lists read a range's logical partition and its shards together, so they answer the same throughout.
 */
export const layout4: Migration = {
  id: 'layout-4',
  description: 'index, sort and text items of products and orders in write shards',
  run: (options, progress) => rewriteToCurrentLayout(layout4Definitions(), 4, options, progress),
};

/**
 * Where a definition's records are listed: the `all` index partition, and for a definition with partition
 * shards each of its shards too (a record on layout 4 or later has its `all` item in its shard; one written
 * before, in the logical partition).
 */
function allPartitions(def: StoredEntityDefinition): string[] {
  const pk = entityKeys.indexPartition(def.storage.name, ALL_INDEX, '');
  return hasPartitionShards(def) ? [pk, ...shardPks(pk)] : [pk];
}

/** Where a stopped run resumes: `<partition>|<sort key>` (a bare sort key, as runs before shards saved it: the first). */
function resumePoint(after: string | undefined): { partition: number; sk?: string } {
  const match = after === undefined ? null : /^(\d+)\|(.*)$/s.exec(after);
  if (match) return { partition: Number(match[1]), sk: match[2] };
  return { partition: 0, sk: after };
}

/**
 * The migration `layout-<version>`: rewrites every record of these definitions not on the current layout
 * (resumable per storage and key), then raises the layout marker to `version`. A table on layout 1 gets every later
 * layout's items in the first run (the code writes the current layout), so the later migrations find nothing left
 * to rewrite.
 */
async function rewriteToCurrentLayout(
  definitions: StoredEntityDefinition[],
  version: number,
  options: MigrationOptions,
  progress: Progress,
): Promise<void> {
  const id = `layout-${version}`;
  const resumeAt = await progress.read();
  let skipping = resumeAt.storage !== undefined;
  for (const def of definitions) {
    if (skipping && def.storage.name !== resumeAt.storage) continue;
    const after = skipping ? resumeAt.after : undefined;
    skipping = false;
    let rewritten = 0;
    const started = Date.now();
    const resume = resumePoint(after);
    for (const [at, pk] of allPartitions(def).entries()) {
      if (at < resume.partition) continue;
      const input = {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExpressionAttributeNames: { '#id': 'id' },
        ProjectionExpression: '#id, sk',
        ConsistentRead: true,
        Limit: 25,
      };
      const from = at === resume.partition ? resume.sk : undefined;
      for await (const page of queryPages(input, from === undefined ? undefined : { pk, sk: from })) {
        if (page.length === 0) continue;
        const records = await getRecords(
          def,
          page.map((item) => Number(item.id)),
        );
        for (const record of records.filter((r) => !onCurrentLayout(r))) {
          if (await rewriteRecord(def, Number(record[def.schema.idField]))) rewritten++;
          // The rate bound: never ahead of recordsPerSecond since this storage started.
          const due = started + (rewritten * 1000) / options.recordsPerSecond;
          if (due > Date.now()) await sleep(due - Date.now());
        }
        await progress.save(def.storage.name, `${at}|${String(page[page.length - 1]!.sk)}`);
      }
    }
    options.log(`${id}: ${def.storage.name}: ${rewritten} record(s) rewritten`);
  }
  await raiseLayoutMarker(version);
}

/**
 * The table's records all have the items of layout `version` now (records rewritten by an earlier migration may be on
 * a later one already): the marker says so, unless it says a later layout — one conditional put, so two runs at
 * once never lower it.
 */
async function raiseLayoutMarker(version: number): Promise<void> {
  await conditionHeld(
    db().send(
      new PutCommand({
        TableName: table(),
        Item: layoutMarkerItem(version),
        ConditionExpression: 'attribute_not_exists(version) OR version < :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    ),
  );
}

/**
 * Layout 5: the stock sort items of products (lib/db/sort-buckets.ts), added to every product not yet on
 * layout 5 as layout 3 added the orders' customer sort items. Until the marker says 5, lists sort and filter by
 * stock in memory, as before, and orders move no stock item of a product not yet rewritten.
 */
export const layout5: Migration = {
  id: 'layout-5',
  description: "bucketed sort items for the products' stock (sort_by=amount, amount_from / amount_to)",
  run: (options, progress) => rewriteToCurrentLayout(sortItemsOf(5), 5, options, progress),
};

/** Has the definition an index that keeps only its count (or nothing) from `layout` (`countOnlySince`)? */
const keepsOnlyCountsFrom = (def: StoredEntityDefinition, layout: number) =>
  Object.values(def.storage.countOnlySince ?? {}).includes(layout);

/**
 * Definitions whose items layout 6 changed: a text sort (`numeric: false`: its keys), an index kept for its count
 * only (`countOnlySince`: its items go) or a words rule (a word that starts another loses its item).
 */
function layout6Definitions(): StoredEntityDefinition[] {
  return stored()
    .filter(
      (def) =>
        Object.values(def.storage.sortRules ?? {}).some((rule) => !rule.numeric && !rule.bucketed) ||
        keepsOnlyCountsFrom(def, 6) ||
        textRules(def).some((rule) => rule.op === 'words'),
    )
    .sort(byStorage);
}

/**
 * Layout 6: text sort items keyed so that a value sorts before the longer values it starts (lib/db/entity-keys.ts
 * encodeSortValue), each record rewritten as layout 5 added its items: the old sort item deleted and the new one put
 * in one transaction. Until the marker says 6, a text sort reads both kinds of key side by side, and orders a value
 * followed by a space after the values it starts, as before.
 */
export const layout6: Migration = {
  id: 'layout-6',
  description:
    'text sort keys that put "gam" before "gam 100" (sort_by=product, code, email, customer…); orders without payment, shipping and product index items; no text item for a word that starts another',
  run: (options, progress) => rewriteToCurrentLayout(layout6Definitions(), 6, options, progress),
};

/**
 * Layout 7: an order's status and e-mail filters read the status and e-mail sort items (lib/db/list-plan.ts
 * sliceDriver), so each order is rewritten without its status and e-mail index items (their company copies too; the
 * status counts stay). Until the marker says 7, those filters read the index items and the sort items side by side.
 */
export const layout7: Migration = {
  id: 'layout-7',
  description:
    "orders without status and e-mail index items (their filters read the orders' status and e-mail sort items)",
  run: (options, progress) =>
    rewriteToCurrentLayout(
      stored()
        .filter((def) => keepsOnlyCountsFrom(def, 7))
        .sort(byStorage),
      7,
      options,
      progress,
    ),
};

/**
 * Layout 8: the items of a small index (`unshardedSince`: a customer's orders, a variation group's products) move
 * from the partition shards back into their logical partition. Until the marker says 8, those lookups read the
 * logical partition and the shards side by side (lib/db/sharded-query.ts partitionsOf).
 */
export const layout8: Migration = {
  id: 'layout-8',
  description: "a customer's orders and a variation group's products in one partition each (no write shards)",
  run: (options, progress) =>
    rewriteToCurrentLayout(
      stored()
        .filter((def) => Object.values(def.storage.unshardedSince ?? {}).includes(8))
        .sort(byStorage),
      8,
      options,
      progress,
    ),
};

/**
 * Layout 9: the products' sparse indexes of their active products by category (`active_category_ids`,
 * `active_category_tree`: the storefront's category page), added to every product not yet on layout 9 as layout 5
 * added the stock items, with their counts. Until the marker says 9, the category page reads the category's partition
 * with the status judged on each item, as before (lib/db/list-plan.ts reads no index of a later layout).
 */
export const layout9: Migration = {
  id: 'layout-9',
  description: "the products' active-by-category indexes (the storefront's category page: one Query and a count)",
  run: (options, progress) =>
    rewriteToCurrentLayout(
      stored()
        .filter((def) => Object.values(def.storage.indexSince ?? {}).includes(9))
        .sort(byStorage),
      9,
      options,
      progress,
    ),
};

/** Every migration, in the order they run. */
export const MIGRATIONS: readonly Migration[] = [
  layout2,
  usersIndex,
  countKeys,
  layout3,
  layout4,
  layout5,
  layout6,
  layout7,
  layout8,
  layout9,
  usersPostings,
];

/**
 * Runs the migrations not yet done on the configured table; returns the ids it ran. A new table runs none (it is
 * marked on the current layout), and a table on a newer layout than this code's is refused
 * (scripts/lib/migration-start.ts).
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
  for (const migration of migrations) {
    if (await readItem(marker(migration.id, 'DONE'))) continue;
    options.log(`migration ${migration.id}: ${migration.description}`);
    const progress: Progress = {
      read: async () => {
        const item = await readItem(marker(migration.id, 'PROGRESS'));
        return { storage: item?.storage as string | undefined, after: item?.after as string | undefined };
      },
      save: async (storage, after) => {
        await db().send(
          new PutCommand({
            TableName: table(),
            Item: { ...marker(migration.id, 'PROGRESS'), storage, after, saved_at: Math.floor(Date.now() / 1000) },
          }),
        );
      },
    };
    await migration.run(options, progress);
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...marker(migration.id, 'DONE'), completed_at: Math.floor(Date.now() / 1000) },
      }),
    );
    ran.push(migration.id);
  }
  return ran;
}
