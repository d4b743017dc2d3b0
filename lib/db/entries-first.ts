import { deleteItems, putItems } from './batch-write.js';
import type { TransactItem } from './transact.js';

/**
 * A create's index, sort and text items are written before its record, outside its transaction: BatchWriteItem
 * bills 1 write unit per item under 1 KB where a transaction bills 2, and a create has dozens of them (a product's
 * 37 for the bench's product: docs/performance.md). What must change atomically stays in the transaction — the record,
 * the counts `total_items` and the delete guards read, the stock an order takes.
 *
 * Why first and not after: until the record's transaction commits nobody knows its id, so nothing can update or
 * delete it in between, and a list that meets an item whose record is not there yet leaves it out (every page reads
 * its records: lib/db/entity-store.ts getRecords). Written after, a process stopped between the two writes would
 * leave a record no list shows; written before, it leaves items no list shows. If the transaction fails, the items
 * are deleted before the error goes on, so a refused create (a 400, a stock race) leaves nothing behind.
 */

/** Splits a create's writes: the items to put before the transaction, and what stays in it (the count updates). */
export function splitEntries(writes: readonly TransactItem[]): {
  entries: Array<Record<string, unknown>>;
  transactional: TransactItem[];
} {
  const entries: Array<Record<string, unknown>> = [];
  const transactional: TransactItem[] = [];
  for (const write of writes) {
    // A create's writes are Puts of entries (unconditioned) and count Updates; anything else stays in the transaction.
    if (write.Put && write.Put.ConditionExpression === undefined) entries.push(write.Put.Item!);
    else transactional.push(write);
  }
  return { entries, transactional };
}

/** Puts `entries`, then runs `commit`; when either fails, deletes the entries again and rethrows the error. */
export async function withEntriesFirst<T>(
  entries: ReadonlyArray<Record<string, unknown>>,
  commit: () => Promise<T>,
): Promise<T> {
  try {
    await putItems(entries);
    return await commit();
  } catch (error) {
    // Also when only some of the entries went in (BatchWriteItem left the rest unprocessed).
    await deleteItems(entries.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
    throw error;
  }
}
