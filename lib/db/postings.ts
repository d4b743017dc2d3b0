import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { indexValues } from './entity-keys.js';
import { layoutOf } from './layout.js';
import { hasPartitionShards, shardedBase, shardOfId, shardPk } from './partition-shards.js';
import { textRules, textTokens, tokenShard } from './text-items.js';

/**
 * Postings (docs/data-model.md "Postings", layout 9): for each word of a `words` rule (`q`) and each value of a
 * posted field (a product's `status`, `company_id`), the ids of the records that have it, packed into few items so
 * that an exact `total_items` of a word search reads a few bytes per match instead of an item per match.
 *
 * An item holds one chunk of the id space (CHUNK consecutive ids) as a binary set of one-byte offsets, so a write
 * touches one small item with `ADD`/`DELETE` (1 write unit; no read, no version) and a word that every product has
 * is about 1 byte per product to read. The key: `WP#<storage>#<field>#<first character>` / `<token>#<chunk>` for
 * words (as text items; `begins_with(sk, word)` finds every word starting with it), `WP#<storage>#<field>` /
 * `<value>#<chunk>` for values, each in the record's partition shard (`~<0-7>`) when its definition shards its
 * partitions. Pure rules here; reads in ./posting-list.ts.
 */

/** Ids per posting item: an offset is one byte. */
export const CHUNK = 256;
/** The one value of a `flags` field that is posted (its N would be a posting on most records, a write unit each). */
export const FLAG_ON = 'Y';
/** The attribute holding a posting item's offsets (a binary set). */
export const POSTED_IDS = 'ids';

/** One posting of a record: the item (its key) and the record's offset in its chunk. */
export interface Posting {
  pk: string;
  sk: string;
  offset: number;
}

const chunkOf = (id: number) => Math.floor(id / CHUNK);
/** A chunk as a sort key suffix: padded, so a word's chunks read in id order. */
const chunkKey = (id: number) => String(chunkOf(id)).padStart(10, '0');

export const wordPostingPartition = (storage: string, field: string, shard: string) =>
  `WP#${storage}#${field}#${shard}`;
export const valuePostingPartition = (storage: string, field: string) => `WP#${storage}#${field}`;

/** Does the table's layout let lists read this definition's postings? */
export const postingsReady = (def: StoredEntityDefinition, layout: number) =>
  def.storage.postings !== undefined && layout >= def.storage.postings.since;

/**
 * The postings a record has (none before its definition's `postings.since` layout, none for an unlisted record:
 * `unlisted` as its index items). Words are the record's text tokens (lib/db/text-items.ts textTokens: a word that
 * starts another is left out, the query word's `begins_with` finds the longer one).
 */
export function postingsOf(
  def: StoredEntityDefinition,
  id: number,
  record: Readonly<Record<string, StoredValue | undefined>> | undefined,
): Posting[] {
  const posted = def.storage.postings;
  if (!record || !posted || layoutOf(record) < posted.since) return [];
  const unlisted = def.storage.unlisted;
  if (unlisted && String(record[unlisted.field]) === unlisted.value) return [];
  const offset = id % CHUNK;
  const chunk = chunkKey(id);
  // In the record's partition shard where the definition shards its partitions (as its text items): a burst of
  // creates spreads over 8 keys per word, not one (lib/db/partition-shards.ts).
  const sharded = hasPartitionShards(def) ? (pk: string) => shardPk(pk, shardOfId(id)) : (pk: string) => pk;
  const out: Posting[] = [];
  for (const rule of textRules(def)) {
    if (rule.op !== 'words') continue;
    for (const token of textTokens(rule, record, layoutOf(record)))
      out.push({
        pk: sharded(wordPostingPartition(def.storage.name, rule.field, tokenShard(token))),
        sk: `${token}#${chunk}`,
        offset,
      });
  }
  for (const field of posted.values)
    for (const value of indexValues(record[field]))
      out.push({ pk: sharded(valuePostingPartition(def.storage.name, field)), sk: `${value}#${chunk}`, offset });
  for (const field of posted.flags ?? [])
    if (record[field] === FLAG_ON)
      out.push({ pk: sharded(valuePostingPartition(def.storage.name, field)), sk: `${FLAG_ON}#${chunk}`, offset });
  return out;
}

/** The postings of a record's flags alone (`postings.flags`: what the `flag-postings` migration adds to older records). */
export function flagPostingsOf(
  def: StoredEntityDefinition,
  id: number,
  record: Readonly<Record<string, StoredValue | undefined>> | undefined,
): Posting[] {
  const flags = new Set((def.storage.postings?.flags ?? []).map((f) => valuePostingPartition(def.storage.name, f)));
  return postingsOf(def, id, record).filter((p) => flags.has(shardedBase(p.pk) ?? p.pk));
}

/** A posting item's change: offsets to add and to delete (never both for one offset). */
export interface PostingChange {
  key: { pk: string; sk: string };
  add: number[];
  remove: number[];
}

const keyOf = (p: { pk: string; sk: string }) => `${p.pk}\u0000${p.sk}`;

/**
 * What changes between two versions of records' postings, one change per item (a transaction may touch an item
 * once): `writes` is any number of [before, after] pairs (a variation group writes several products at once).
 */
export function postingChanges(writes: ReadonlyArray<readonly [Posting[], Posting[]]>): PostingChange[] {
  const changes = new Map<string, PostingChange>();
  const change = (p: Posting) => {
    const at = keyOf(p);
    let found = changes.get(at);
    if (!found) changes.set(at, (found = { key: { pk: p.pk, sk: p.sk }, add: [], remove: [] }));
    return found;
  };
  for (const [before, after] of writes) {
    const was = new Set(before.map(keyOf));
    const is = new Set(after.map(keyOf));
    for (const p of before) if (!is.has(keyOf(p))) change(p).remove.push(p.offset);
    for (const p of after) if (!was.has(keyOf(p))) change(p).add.push(p.offset);
  }
  return [...changes.values()];
}

/** The ids a posting item holds (its chunk from the sort key, its offsets from the set). */
export function idsOfPosting(sk: string, offsets: Iterable<Uint8Array> | undefined): number[] {
  const chunk = Number(sk.slice(sk.lastIndexOf('#') + 1));
  const base = chunk * CHUNK;
  return [...(offsets ?? [])].map((bytes) => base + (bytes[0] ?? 0));
}

/** An offset as its set element: one byte. */
export const offsetElement = (offset: number) => Uint8Array.of(offset);
