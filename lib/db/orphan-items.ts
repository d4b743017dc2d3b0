import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { ENTITIES } from '../entities/registry.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import { batchGet } from './batch-get.js';
import { deleteItems } from './batch-write.js';
import { db } from './client.js';
import { entityKeys } from './entity-keys.js';
import { removePostingOffsets } from './posting-writes.js';
import { CHUNK, idsOfPosting, offsetElement, POSTED_IDS } from './postings.js';

/**
 * Finds and deletes the index, sort and text items (and posting offsets) whose record does not exist. A create puts these items before
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
/** A posting item of a plain entity (lib/db/postings.ts): its offsets name records of its chunk. */
const POSTING_ITEM = /^WP#([^#@]+)#/;
/** The storages whose postings a create ADDs before its record (lib/db/entries-first.ts): plain entities'. */
const postingStorages = () =>
  new Set(
    Object.values(ENTITIES).flatMap((def) =>
      'storage' in def && (def as StoredEntityDefinition).storage.postings
        ? [(def as StoredEntityDefinition).storage.name]
        : [],
    ),
  );

/** A deployed function runs at most 10 s (serverless.yml `timeout`); a minute leaves room for clock and retries. */
export const DEFAULT_SETTLE_MS = 60_000;

export interface OrphanSweep {
  /** Index, sort and text items read (and posting offsets). */
  scanned: number;
  /** Items whose record was missing when first seen. */
  suspects: number;
  /** Items deleted: their record was still missing after the settle time. */
  deleted: number;
}

type Key = { pk: string; sk: string };
/** An item (offset absent) or one posting offset the scan met, and the record it belongs to. */
type Found = { key: Key; offset: number | undefined; record: Key };

export async function sweepOrphanItems(
  options: { settleMs?: number; log?: (line: string) => void } = {},
): Promise<OrphanSweep> {
  const { settleMs = DEFAULT_SETTLE_MS, log = () => {} } = options;
  const present = new Set<string>();
  const suspects = new Map<string, { record: Key; items: Key[]; offsets: Array<{ key: Key; offset: number }> }>();
  const posted = postingStorages();
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: config().tableName,
        ProjectionExpression: 'pk, sk, id, #ids',
        ExpressionAttributeNames: { '#ids': POSTED_IDS },
        ExclusiveStartKey: start,
      }),
    );
    const found = (page.Items ?? []).flatMap((item): Found[] => {
      const key = { pk: String(item.pk), sk: String(item.sk) };
      // A posting item: each offset is one record's (a create that stopped before its record left its own).
      const postingOf = POSTING_ITEM.exec(key.pk)?.[1];
      if (postingOf && posted.has(postingOf)) {
        const offsets = item[POSTED_IDS] as Set<Uint8Array> | undefined;
        return idsOfPosting(key.sk, offsets).map((id) => ({
          key,
          offset: id % CHUNK,
          record: entityKeys.record(postingOf, id),
        }));
      }
      const storage = RECORD_ITEM.exec(key.pk)?.[1];
      const id = Number(item.id);
      if (!storage || !Number.isInteger(id)) return [];
      return [{ key, offset: undefined, record: entityKeys.record(storage, id) }];
    });
    scanned += found.length;
    // Each record is read once, however many of its items the scan meets.
    const unknown = [...new Map(found.map((f) => [f.record.pk, f.record])).values()].filter(
      (record) => !present.has(record.pk) && !suspects.has(record.pk),
    );
    const lookup = await batchGet(unknown);
    for (const record of unknown) if (lookup(record)) present.add(record.pk);
    for (const { key, offset, record } of found) {
      if (present.has(record.pk)) continue;
      const suspect = suspects.get(record.pk) ?? { record, items: [], offsets: [] };
      if (offset === undefined) suspect.items.push(key);
      else suspect.offsets.push({ key, offset });
      suspects.set(record.pk, suspect);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const suspectItems = [...suspects.values()].reduce((sum, s) => sum + s.items.length + s.offsets.length, 0);
  log(
    `${scanned} index, sort and text items read; ${suspectItems} of them belong to ${suspects.size} record(s) not found`,
  );
  if (suspects.size === 0) return { scanned, suspects: 0, deleted: 0 };

  log(`waiting ${Math.round(settleMs / 1000)} s for creates in flight to finish, then reading those records again`);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const lookup = await batchGet([...suspects.values()].map((s) => s.record));
  const gone = [...suspects.values()].filter((s) => !lookup(s.record));
  const orphans = gone.flatMap((s) => s.items);
  const offsets = gone.flatMap((s) => s.offsets);
  await deleteItems(orphans);
  // Each orphan offset DELETEd from its set (commutative: a create of another record in the chunk is unaffected).
  for (const { key, offset } of offsets) await removePostingOffsets(key, new Set([offsetElement(offset)]));
  log(`${orphans.length} items and ${offsets.length} posting offsets without their record deleted`);
  return { scanned, suspects: suspectItems, deleted: orphans.length + offsets.length };
}
