import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../errors.js';
import { log } from '../log.js';
import type { ItemKey } from './batch-get.js';
import { deleteItems, putItems } from './batch-write.js';
import { readItem } from './items.js';
import { removePostingOffsets } from './posting-writes.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import { ConditionFailed, isPosting, type TransactItem } from './transact.js';

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

/** A create's posting update (lib/db/posting-writes.ts): one UpdateItem that ADDs the record's offset to a `WP#` item. */
export type PostingAdd = NonNullable<TransactItem['Update']>;

/**
 * Splits a create's writes: the items to put before the transaction, the posting offsets to ADD before it (as the
 * items: 1 write unit each instead of 2 in the transaction, and a posting whose record is not there yet is left out
 * of a page as an item is — only a total counted from postings counts it meanwhile), and what stays in it (the count
 * updates).
 */
export function splitEntries(writes: readonly TransactItem[]): {
  entries: Array<Record<string, unknown>>;
  postings: PostingAdd[];
  transactional: TransactItem[];
} {
  const entries: Array<Record<string, unknown>> = [];
  const postings: PostingAdd[] = [];
  const transactional: TransactItem[] = [];
  for (const write of writes) {
    // A create's writes are Puts of entries (unconditioned), posting ADDs and count Updates; anything else stays.
    if (write.Put && write.Put.ConditionExpression === undefined) entries.push(write.Put.Item!);
    else if (isPosting(write) && !write.Update!.UpdateExpression?.includes('DELETE')) postings.push(write.Update!);
    else transactional.push(write);
  }
  return { entries, postings, transactional };
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
  /** The posting offsets added: `pk sk` → the ADD sent (its offsets named by `signature`). */
  private readonly posted = new Map<string, PostingAdd>();

  constructor(
    private readonly recordKey: ItemKey,
    private readonly table: TableTarget = DEFAULT_TABLE,
  ) {}

  /** Makes the table hold exactly `entries` and `postings` of this create. */
  async settle(entries: ReadonlyArray<Record<string, unknown>>, postings: readonly PostingAdd[] = []): Promise<void> {
    const wanted = new Map(entries.map((item) => [keyOf(item), item]));
    const stale = [...this.put.keys()].filter((key) => !wanted.has(key));
    const fresh = [...wanted].filter(([key, item]) => this.put.get(key) !== JSON.stringify(item));
    // Counted as put before the call: when it fails, some of them may be in the table.
    for (const [key, item] of fresh) this.put.set(key, JSON.stringify(item));
    const wantedPostings = new Map(postings.map((add) => [keyOf(add.Key!), add]));
    const stalePostings = [...this.posted].filter(
      ([key, add]) => signature(wantedPostings.get(key)) !== signature(add),
    );
    const freshPostings = [...wantedPostings].filter(
      ([key, add]) => signature(this.posted.get(key)) !== signature(add),
    );
    for (const [key, add] of freshPostings) this.posted.set(key, add);
    // A stale offset (an item a later round no longer has) is taken out before the fresh ones go in; in a first round
    // there is none, so the ADDs go out beside the items: one step.
    const undone = Promise.all(
      stalePostings.map(([key, add]) =>
        undoPosting(add, this.table).then(() => {
          if (this.posted.get(key) === add) this.posted.delete(key);
        }),
      ),
    );
    await Promise.all([
      putItems(
        fresh.map(([, item]) => item),
        this.table,
      ),
      deleteItems(
        stale.map((key) => itemKeyOf(key)),
        this.table,
      ).then(() => {
        for (const key of stale) this.put.delete(key);
      }),
      undone.then(() => Promise.all(freshPostings.map(([, add]) => this.table.client.send(new UpdateCommand(add))))),
    ]);
  }

  /**
   * The create failed with `error`: deletes the entries again, unless its transaction may have gone through after
   * all. A failed cleanup is logged and left for `npm run admin -- sweep-orphans`; the caller rethrows `error`.
   */
  async abandon(error: unknown): Promise<void> {
    if ((this.put.size === 0 && this.posted.size === 0) || (await mayHaveCommitted(error, this.recordKey, this.table)))
      return;
    await Promise.all([
      deleteItems(
        [...this.put.keys()].map((key) => itemKeyOf(key)),
        this.table,
      ).then(() => this.put.clear()),
      ...[...this.posted.values()].map((add) => undoPosting(add, this.table)),
    ]).then(
      () => this.posted.clear(),
      (cleanup) => log('warn', 'a failed create left its index items', { error: (cleanup as Error).message }),
    );
  }
}

/** The offsets an ADD names, as text: two ADDs of one item compare by it. */
const signature = (add: PostingAdd | undefined) =>
  add === undefined
    ? ''
    : [...((add.ExpressionAttributeValues?.[':add'] as Set<Uint8Array> | undefined) ?? [])].map((b) => b[0]).join(',');

/** Takes an ADD's offsets out again (and the item, when they were its only ones). */
const undoPosting = (add: PostingAdd, table: TableTarget) =>
  removePostingOffsets(add.Key as ItemKey, add.ExpressionAttributeValues![':add'] as Set<Uint8Array>, table);

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
async function mayHaveCommitted(error: unknown, recordKey: ItemKey, table: TableTarget): Promise<boolean> {
  if (error instanceof ConditionFailed || error instanceof DomainError) return false;
  if (REFUSED.has((error as Error)?.name)) return false;
  try {
    return (await readItem(recordKey, table)) !== undefined;
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
