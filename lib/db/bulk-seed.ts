import type { StoredEntityDefinition } from '../entities/types.js';
import { countHome } from './count-shards.js';
import { indexEntries } from './entity-items.js';
import { entityKeys } from './entity-keys.js';
import { type EntityRecord, recordIdOf } from './entity-reads.js';
import { keys } from './keys.js';
import { LAYOUT_ATTRIBUTE, LAYOUT_VERSION } from './layout.js';
import { offsetElement, POSTED_IDS, postingsOf } from './postings.js';
import { storedRecord } from './stored-record.js';

/**
 * Every item that creating these fresh records writes — the records, their index and sort items, the
 * count items (added up per key) and the id counter (at the highest id) — as plain items for
 * BatchWriteItem. For seeding a large store fast (benchmarks, imports into an empty table): the items are
 * exactly those createRecord's transactions would leave, without the transactions, reference checks or
 * the per-record counter update. Counts and the counter are absolute values, so seed a kind once, into a
 * table that holds none of it yet.
 */
export function bulkSeedItems(def: StoredEntityDefinition, records: EntityRecord[]): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const counts = new Map<string, { key: { pk: string; sk: string }; count: number }>();
  // Posting items whole (lib/db/postings.ts): every offset of their chunk that these records have.
  const postings = new Map<string, { key: { pk: string; sk: string }; offsets: Set<number> }>();
  let highest = 0;
  for (const record of records) {
    const id = recordIdOf(def, record);
    highest = Math.max(highest, id);
    items.push({
      ...entityKeys.record(def.storage.name, id),
      ...storedRecord(def, record),
      [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION,
    });
    for (const entry of indexEntries(def, id, { ...record, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION }).values()) {
      if (!entry.countOnly) items.push({ ...entry.key, ...entry.item });
      if (!entry.count) continue;
      const at = `${entry.count.pk}\u0000${entry.count.sk}`;
      const seen = counts.get(at) ?? { key: entry.count, count: 0 };
      counts.set(at, { key: entry.count, count: seen.count + 1 });
    }
    for (const posting of postingsOf(def, id, { ...record, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION })) {
      const at = `${posting.pk}\u0000${posting.sk}`;
      const seen = postings.get(at) ?? { key: { pk: posting.pk, sk: posting.sk }, offsets: new Set<number>() };
      seen.offsets.add(posting.offset);
      postings.set(at, seen);
    }
  }
  for (const { key, offsets } of postings.values())
    items.push({ ...key, [POSTED_IDS]: new Set([...offsets].map(offsetElement)) });
  for (const { key, count } of counts.values()) items.push({ ...countHome(key), count });
  if (records.length > 0) items.push({ ...keys.counter(def.storage.name), value: highest });
  return items;
}
