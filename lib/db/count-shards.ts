import { GUARDED_COUNTS } from './guarded-counts.generated.js';
import { shardPk } from './partition-shards.js';

/**
 * Where counts live (docs/data-model.md "Id blocks and count shards"). A count is named by its logical key
 * `COUNT#<storage>` / `<index>#<value>` (lib/db/entity-keys.ts), which is also where tables written before
 * this layout hold it; no count is written there any more, so no partition key takes every write of a kind.
 * Every change goes to one of COUNT_SHARDS items chosen at random, `COUNT#<storage>#<index>#<value>~<shard>` /
 * `SHARD`, each its own partition key; a read sums the shards and the older items in the same BatchGetItem,
 * so totals stay exact.
 *
 * A count a delete guard conditions on (`dependents`: the products of a category, the orders of a payment
 * method) also has a referenced record behind it, and its shards carry that record's fate:
 * - the delete checks that every part of the count is 0 and marks each shard `gone` in its transaction;
 * - a write that adds a reference adds one to a shard on condition that it is not `gone` — so a create or
 *   update racing the referenced record's delete fails, and no check of the referenced record's own item is
 *   written (lib/db/entity-store.ts reads it beforehand instead: a ConditionCheck bills as a write on that
 *   record's key, which every product of one category would share).
 * Older tables hold a guarded count in `COUNT#<storage>#<index>#<value>` / `COUNT` (moved there by the
 * count-keys migration) or in the logical item: reads add both, the guard checks both.
 */
export const COUNT_SHARDS = 8;

/** The attribute a delete sets on the shards of a guarded count of the record it deletes. */
export const GONE_ATTRIBUTE = 'gone';

export type CountKey = { pk: string; sk: string };

/** `<storage>#<index>` of every count a delete guard checks (generated from the definitions' `dependents`). */
export const guardedCounts = (): ReadonlySet<string> => GUARDED_COUNTS;

/** Whether a delete guard checks this count (so adding to it proves the referenced record is not deleted). */
export function isGuarded(key: CountKey): boolean {
  const storage = key.pk.slice('COUNT#'.length);
  const index = key.sk.slice(0, key.sk.indexOf('#'));
  return guardedCounts().has(`${storage}#${index}`);
}

/** Shard `shard` of a count: `COUNT#<storage>#<index>#<value>~<shard>` / `SHARD` (`~` as partition shards mark theirs). */
export const countShardKey = (key: CountKey, shard: number): CountKey => ({
  pk: shardPk(`${key.pk}#${key.sk}`, shard),
  sk: 'SHARD',
});

/** The shards of a count. */
export const countShards = (key: CountKey): CountKey[] =>
  Array.from({ length: COUNT_SHARDS }, (_, shard) => countShardKey(key, shard));

/** Where an older table keeps a guarded count: `COUNT#<storage>#<index>#<value>` / `COUNT`. */
export const guardedCountKey = (key: CountKey): CountKey => ({ pk: `${key.pk}#${key.sk}`, sk: 'COUNT' });

/** The item a change of a count goes to: a random shard. */
export function countTarget(key: CountKey, random = Math.random): CountKey {
  return countShardKey(key, Math.floor(random() * COUNT_SHARDS));
}

/** Where an absolute count is written (bulk seeding a fresh table): the logical item, or the guarded count's item. */
export const countHome = (key: CountKey): CountKey => (isGuarded(key) ? guardedCountKey(key) : key);

/** The items whose counts add up to a count: the older items (logical; guarded) and the shards. */
export function countParts(key: CountKey): CountKey[] {
  return [key, ...(isGuarded(key) ? [guardedCountKey(key)] : []), ...countShards(key)];
}
