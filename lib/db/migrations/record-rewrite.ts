import type { StoredEntityDefinition } from '../../entities/types.js';
import { deleteItems } from '../batch-write.js';
import { type EntityRecord, getRecord, recordWriteItems } from '../entity-store.js';
import { LAYOUT_VERSION, layoutOf } from '../layout.js';
import { MAX_TRANSACTION_ITEMS, retryOnConditionFailed, type TransactItem, transactWrite } from '../transact.js';

/** Whether a record's items are those of the current layout (a record written by this code is). */
export const onCurrentLayout = (record: Record<string, unknown>) => layoutOf(record) >= LAYOUT_VERSION;

/**
 * A layout migration's rewrite of one record onto the current item layout (layout-walk.ts): the record
 * unchanged but for its version and layout, the items the current layout has and its old one had not put, the
 * old ones deleted, the counts adjusted — in one transaction, conditioned on the version read, as any update.
 *
 * A record with many index values (a product in several categories) can need more than the 100 items one
 * transaction holds when every old item is deleted and every new one put (moving into partition shards does
 * exactly that). Then the record, the new items and the counts go in the transaction, and the old items are
 * deleted after it by BatchWriteItem: they are the previous layout's keys, which nothing writes any more, and
 * until the layout marker moves on, readers that read both the old partitions and the new ones drop an item
 * met twice (lib/db/sharded-query.ts), so the answers stay the same in between. A run stopped between the
 * two leaves old items that the next layout's readers never read.
 */
export async function rewriteToCurrentLayout(def: StoredEntityDefinition, id: number): Promise<boolean> {
  return retryOnConditionFailed(async () => {
    const current = await getRecord(def, id);
    if (!current || onCurrentLayout(current)) return false;
    const next: EntityRecord = { ...current, version: current.version + 1 };
    const items = recordWriteItems(def, id, current, next);
    if (items.length <= MAX_TRANSACTION_ITEMS) {
      await transactWrite(items);
      return true;
    }
    const deletes = items.filter((item): item is TransactItem & { Delete: object } => item.Delete !== undefined);
    await transactWrite(items.filter((item) => item.Delete === undefined));
    await deleteItems(deletes.map((item) => item.Delete.Key as { pk: string; sk: string }));
    return true;
  });
}
