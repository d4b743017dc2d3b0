import { DomainError } from '../errors.js';
import { log } from '../log.js';
import type { ItemKey } from './batch-get.js';
import { deleteItems, putItems } from './batch-write.js';
import { readItem } from './items.js';
import { ConditionFailed, type TransactItem } from './transact.js';

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
 * are deleted before the error goes on, so a refused create (a 400, a stock race) leaves nothing behind; items left
 * by a process that stopped in between are deleted by `npm run admin -- sweep-orphans` (lib/db/orphan-items.ts).
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

/**
 * The entries of one create, put before its transaction and kept while the create is tried again with the same id
 * (an order that lost a stock race decides again: lib/db/entity-store.ts createRecordDecidingAgain). Each round puts
 * only the entries that are new or changed since the last and deletes those it no longer has, so a round whose
 * entries did not change costs only its transaction.
 */
export class CreateEntries {
  /** What is in the table now: `pk sk` → the item as put. */
  private readonly put = new Map<string, string>();

  constructor(private readonly recordKey: ItemKey) {}

  /** Makes the table hold exactly `entries` of this create. */
  async settle(entries: ReadonlyArray<Record<string, unknown>>): Promise<void> {
    const wanted = new Map(entries.map((item) => [keyOf(item), item]));
    const stale = [...this.put.keys()].filter((key) => !wanted.has(key));
    const fresh = [...wanted].filter(([key, item]) => this.put.get(key) !== JSON.stringify(item));
    // Counted as put before the call: when it fails, some of them may be in the table.
    for (const [key, item] of fresh) this.put.set(key, JSON.stringify(item));
    await Promise.all([
      putItems(fresh.map(([, item]) => item)),
      deleteItems(stale.map((key) => itemKeyOf(key))).then(() => {
        for (const key of stale) this.put.delete(key);
      }),
    ]);
  }

  /**
   * The create failed with `error`: deletes the entries again, unless its transaction may have gone through after
   * all. A failed cleanup is logged and left for `npm run admin -- sweep-orphans`; the caller rethrows `error`.
   */
  async abandon(error: unknown): Promise<void> {
    if (this.put.size === 0 || (await mayHaveCommitted(error, this.recordKey))) return;
    await deleteItems([...this.put.keys()].map((key) => itemKeyOf(key))).then(
      () => this.put.clear(),
      (cleanup) => log('warn', 'a failed create left its index items', { error: (cleanup as Error).message }),
    );
  }
}

const keyOf = (item: Record<string, unknown>) => `${String(item.pk)}\u0000${String(item.sk)}`;

function itemKeyOf(key: string): ItemKey {
  const [pk, sk] = key.split('\u0000');
  return { pk: pk!, sk: sk! };
}

/**
 * Did the transaction perhaps commit although it threw? Not when DynamoDB refused it (a condition, a conflict, a
 * throttle) or it was never sent (a 400 of ours); after a timeout or a lost connection, the record says — and when
 * it cannot be read either, the entries stay (items without a record are harmless; a record without its items is not).
 */
async function mayHaveCommitted(error: unknown, recordKey: ItemKey): Promise<boolean> {
  if (error instanceof ConditionFailed || error instanceof DomainError) return false;
  if (REFUSED.has((error as Error)?.name)) return false;
  try {
    return (await readItem(recordKey)) !== undefined;
  } catch {
    return true;
  }
}

/** What DynamoDB answers when it did not carry out a request. */
const REFUSED = new Set([
  'TransactionCanceledException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ValidationException',
]);
