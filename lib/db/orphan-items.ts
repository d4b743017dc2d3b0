import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { batchGet } from './batch-get.js';
import { deleteItems } from './batch-write.js';
import { db } from './client.js';
import { entityKeys } from './entity-keys.js';

/**
 * Finds and deletes the index, sort and text items whose record does not exist. A create puts these items before
 * its record's transaction (lib/db/entries-first.ts) and deletes them when the transaction fails; only a process
 * stopped between the two writes (a Lambda timing out) leaves them. Every list leaves such items out already, but
 * they take space and a list counted from its items (a customer's orders, `q`) counts them.
 *
 * An item whose record is missing may also belong to a create in flight, so nothing is deleted on first sight: the
 * suspects are read again after `settleMs` — longer than any request may run — and only those whose record is still
 * missing are deleted. Ids are never handed out twice, so a record missing then will never be written.
 */

/** The item families of lib/db/entity-keys.ts that belong to one record, each carrying the record's `id`. */
const RECORD_ITEM = /^(?:IDX|SORT|TXT)#([^#@]+)[#@]/;

/** A deployed function runs at most 10 s (serverless.yml `timeout`); a minute leaves room for clock and retries. */
export const DEFAULT_SETTLE_MS = 60_000;

export interface OrphanSweep {
  /** Index, sort and text items read. */
  scanned: number;
  /** Items whose record was missing when first seen. */
  suspects: number;
  /** Items deleted: their record was still missing after the settle time. */
  deleted: number;
}

type Key = { pk: string; sk: string };

export async function sweepOrphanItems(
  options: { settleMs?: number; log?: (line: string) => void } = {},
): Promise<OrphanSweep> {
  const { settleMs = DEFAULT_SETTLE_MS, log = () => {} } = options;
  const present = new Set<string>();
  const suspects = new Map<string, { record: Key; items: Key[] }>();
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: config().tableName,
        ProjectionExpression: 'pk, sk, id',
        ExclusiveStartKey: start,
      }),
    );
    const found = (page.Items ?? []).flatMap((item) => {
      const storage = RECORD_ITEM.exec(String(item.pk))?.[1];
      const id = Number(item.id);
      if (!storage || !Number.isInteger(id)) return [];
      return [{ key: { pk: String(item.pk), sk: String(item.sk) }, record: entityKeys.record(storage, id) }];
    });
    scanned += found.length;
    // Each record is read once, however many of its items the scan meets.
    const unknown = [...new Map(found.map((f) => [f.record.pk, f.record])).values()].filter(
      (record) => !present.has(record.pk) && !suspects.has(record.pk),
    );
    const lookup = await batchGet(unknown);
    for (const record of unknown) if (lookup(record)) present.add(record.pk);
    for (const { key, record } of found) {
      if (present.has(record.pk)) continue;
      const suspect = suspects.get(record.pk) ?? { record, items: [] };
      suspect.items.push(key);
      suspects.set(record.pk, suspect);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const suspectItems = [...suspects.values()].reduce((sum, s) => sum + s.items.length, 0);
  log(
    `${scanned} index, sort and text items read; ${suspectItems} of them belong to ${suspects.size} record(s) not found`,
  );
  if (suspects.size === 0) return { scanned, suspects: 0, deleted: 0 };

  log(`waiting ${Math.round(settleMs / 1000)} s for creates in flight to finish, then reading those records again`);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const lookup = await batchGet([...suspects.values()].map((s) => s.record));
  const orphans = [...suspects.values()].filter((s) => !lookup(s.record)).flatMap((s) => s.items);
  await deleteItems(orphans);
  log(`${orphans.length} items without their record deleted`);
  return { scanned, suspects: suspectItems, deleted: orphans.length };
}
