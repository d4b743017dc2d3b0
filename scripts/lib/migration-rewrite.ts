import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { getRecords, updateRecord } from '../../lib/db/entity-store.js';
import { ALL_INDEX, entityKeys } from '../../lib/db/entity-keys.js';
import { isConditionalFailure } from '../../lib/db/items.js';
import { layoutMarkerKey, layoutOf } from '../../lib/db/layout.js';
import { queryPages } from '../../lib/db/query.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import type { MigrationOptions, Progress } from './migration.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rewrites every record of `defs` whose items are on a layout older than `below` through the ordinary update
 * path with no change (lib/db/entity-store.ts updateRecord): its one transaction deletes the items the record
 * no longer has where they were and puts those of the current layout, with their counts, conditioned on the
 * version it read, so a concurrent write is never lost (the loser retries) and a list reading the old and the
 * new places at once sees the record exactly once. Records are found in their storage's logical `all`
 * partition, where every record of an older layout has its item; the progress marker keeps the last sort
 * key handled, so an interrupted run resumes there. At most `recordsPerSecond` records per second.
 */
export async function rewriteRecords(
  id: string,
  defs: readonly StoredEntityDefinition[],
  below: number,
  options: MigrationOptions,
  progress: Progress,
): Promise<void> {
  const resumeAt = await progress.read();
  let skipping = resumeAt.storage !== undefined;
  for (const def of defs) {
    if (skipping && def.storage !== resumeAt.storage) continue;
    const after = skipping ? resumeAt.after : undefined;
    skipping = false;
    let rewritten = 0;
    const started = Date.now();
    const pk = entityKeys.indexPartition(def.storage, ALL_INDEX, '');
    const input = {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ExpressionAttributeNames: { '#id': 'id' },
      ProjectionExpression: '#id, sk',
      ConsistentRead: true,
      Limit: 25,
    };
    for await (const page of queryPages(input, after === undefined ? undefined : { pk, sk: after })) {
      if (page.length === 0) continue;
      const records = await getRecords(def, page.map((item) => Number(item.id)));
      for (const record of records.filter((r) => layoutOf(r) < below)) {
        await updateRecord(def, Number(record[def.idField]), () => ({}));
        rewritten++;
        // The rate bound: never ahead of recordsPerSecond since this storage started.
        const due = started + (rewritten * 1000) / options.recordsPerSecond;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      await progress.save(def.storage, String(page[page.length - 1]!.sk));
    }
    options.log(`${id}: ${def.storage}: ${rewritten} record(s) rewritten`);
  }
}

/** Raises the table's layout marker to `version` (never lowers it: a newer table already says more). */
export async function raiseLayoutMarker(version: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: layoutMarkerKey,
        UpdateExpression: 'SET #version = :version, completed_at = :now',
        ConditionExpression: 'attribute_not_exists(#version) OR #version < :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': version, ':now': Math.floor(Date.now() / 1000) },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}
