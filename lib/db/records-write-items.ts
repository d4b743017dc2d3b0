import type { StoredEntityDefinition } from '../entities/types.js';
import { type EntityRecord, recordWriteItems } from './entity-store.js';
import { LAYOUT_ATTRIBUTE, LAYOUT_VERSION } from './layout.js';
import { postingWrites } from './posting-writes.js';
import type { TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';

/**
 * The items of several records' writes in one transaction: as recordWriteItems, with the count changes
 * of the same count item added up (a transaction may touch an item only once).
 */
export function recordsWriteItems(
  writes: ReadonlyArray<readonly [StoredEntityDefinition, number, EntityRecord | undefined, EntityRecord | undefined]>,
  table: TableTarget,
): TransactItem[] {
  const out: TransactItem[] = [];
  const counts = new Map<string, TransactItem>();
  for (const [def, id, before, after] of writes) {
    // Postings of all the records at once below: two records may share a posting item.
    for (const item of recordWriteItems(def, id, before, after, false, table)) {
      const update = item.Update;
      if (!update || update.UpdateExpression !== 'ADD #count :delta') {
        out.push(item);
        continue;
      }
      const key = `${update.Key!.pk}\u0000${update.Key!.sk}`;
      const seen = counts.get(key);
      if (seen) seen.Update!.ExpressionAttributeValues![':delta'] += update.ExpressionAttributeValues![':delta'];
      else {
        const copy = { Update: { ...update, ExpressionAttributeValues: { ...update.ExpressionAttributeValues } } };
        counts.set(key, copy);
        out.push(copy);
      }
    }
  }
  const stamped = (record: EntityRecord | undefined) => record && { ...record, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION };
  return [
    ...out,
    ...postingWrites(
      writes.map(([def, id, before, after]) => [def, id, before, stamped(after)] as const),
      table,
    ),
  ];
}
