import { ENTITIES } from '../../entities/registry.js';
import type { StoredEntityDefinition } from '../../entities/types.js';
import { ALL_INDEX, entityKeys } from '../entity-keys.js';
import { type EntityRecord, getRecords, recordIdOf } from '../entity-store.js';
import { hasPartitionShards, shardPks } from '../partition-shards.js';
import { queryPages } from '../query.js';
import type { Migration, MigrationOptions, Progress } from './migration.js';
import { onCurrentLayout, rewriteToCurrentLayout as rewriteRecord } from './record-rewrite.js';

/**
 * What every layout migration (`layout-<NN>.ts`) runs: the definitions whose items that layout changed, and the walk
 * that rewrites each of their records not yet on the current layout (record-rewrite.ts). A record is rewritten
 * through the ordinary update path with no change: its one transaction puts the items the current layout has and its
 * own had not, deletes the ones it no longer has and adjusts the counts, conditioned on the version it read, so a
 * concurrent write is never lost (the loser retries). A record already on the current layout — written since the new
 * code is deployed — is skipped. The runner then raises the layout marker (markers.ts).
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stored = () => Object.values(ENTITIES).filter((entity): entity is StoredEntityDefinition => 'storage' in entity);
const byStorage = (a: StoredEntityDefinition, b: StoredEntityDefinition) =>
  a.storage.name.localeCompare(b.storage.name);

/** The stored definitions that `changed`, in storage-name order (the order a run and its resume walk them). */
export const definitionsWhere = (changed: (def: StoredEntityDefinition) => boolean): StoredEntityDefinition[] =>
  stored().filter(changed).sort(byStorage);

/** Has the definition sort items `layout` added (`sortSince`)? */
export const sortItemsFrom = (def: StoredEntityDefinition, layout: number) =>
  Object.values(def.storage.sortSince ?? {}).includes(layout);

/** Has the definition an index that keeps only its count (or nothing) from `layout` (`countOnlySince`)? */
export const keepsOnlyCountsFrom = (def: StoredEntityDefinition, layout: number) =>
  Object.values(def.storage.countOnlySince ?? {}).includes(layout);

/**
 * Where a definition's records are listed: the `all` index partition, and for a definition with partition
 * shards each of its shards too (a record on layout 4 or later has its `all` item in its shard; one written
 * before, in the logical partition).
 */
export function allPartitions(def: StoredEntityDefinition): string[] {
  const pk = entityKeys.indexPartition(def.storage.name, ALL_INDEX, '');
  return hasPartitionShards(def) ? [pk, ...shardPks(pk)] : [pk];
}

/** Where a stopped run resumes: `<partition>|<sort key>` (a bare sort key, as runs before shards saved it: the first). */
export function resumePoint(after: string | undefined): { partition: number; sk?: string } {
  const match = after === undefined ? null : /^(\d+)\|(.*)$/s.exec(after);
  if (match) return { partition: Number(match[1]), sk: match[2] };
  return { partition: 0, sk: after };
}

/** What a walk does with the records it reads: which it upgrades, how, and the line it logs per definition. */
export interface RecordWalk {
  wanted(def: StoredEntityDefinition, record: EntityRecord): boolean;
  /** Upgrades one record (read again, written conditioned on its version); false when there was nothing to do. */
  upgrade(def: StoredEntityDefinition, id: number): Promise<boolean>;
  done(def: StoredEntityDefinition, upgraded: number): string;
}

/**
 * Walks every record of these definitions (their `all` partitions, 25 at a time), upgrading the `wanted` ones at most
 * `recordsPerSecond`, resumable per storage and key: a layout's rewrite and a step's (`flag-postings`) alike.
 */
export async function walkRecords(
  definitions: StoredEntityDefinition[],
  walk: RecordWalk,
  options: MigrationOptions,
  progress: Progress,
): Promise<void> {
  const resumeAt = await progress.read();
  let skipping = resumeAt.storage !== undefined;
  for (const def of definitions) {
    if (skipping && def.storage.name !== resumeAt.storage) continue;
    const after = skipping ? resumeAt.after : undefined;
    skipping = false;
    let upgraded = 0;
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
        for (const record of records.filter((r) => walk.wanted(def, r))) {
          if (await walk.upgrade(def, recordIdOf(def, record))) upgraded++;
          // The rate bound: never ahead of recordsPerSecond since this storage started.
          const due = started + (upgraded * 1000) / options.recordsPerSecond;
          if (due > Date.now()) await sleep(due - Date.now());
        }
        await progress.save(def.storage.name, `${at}|${String(page[page.length - 1]!.sk)}`);
      }
    }
    options.log(walk.done(def, upgraded));
  }
}

/**
 * The walk of migration `layout-<version>`: rewrites every record of these definitions not on the current layout.
 * A table on layout 1 gets every later layout's items in the first run (the code writes the current layout), so the
 * later migrations find nothing left to rewrite.
 */
export function rewriteRecordsOf(
  definitions: StoredEntityDefinition[],
  version: number,
  options: MigrationOptions,
  progress: Progress,
): Promise<void> {
  const walk: RecordWalk = {
    wanted: (_def, record) => !onCurrentLayout(record),
    upgrade: rewriteRecord,
    done: (def, rewritten) => `layout-${version}: ${def.storage.name}: ${rewritten} record(s) rewritten`,
  };
  return walkRecords(definitions, walk, options, progress);
}

/** A layout migration: `definitions` (chosen when it runs: the registry is complete by then) walked, then the marker. */
export function layoutMigration(
  version: number,
  description: string,
  definitions: () => StoredEntityDefinition[],
): Migration {
  return {
    id: `layout-${version}`,
    layout: version,
    description,
    run: (options, progress) => rewriteRecordsOf(definitions(), version, options, progress),
  };
}
