import { ENTITIES } from '../entities/registry.js';
import type { StoredEntityDefinition } from '../entities/types.js';

/**
 * Where counts live (docs/data-model.md "Id blocks and count shards"). A count is named by its logical key
 * `COUNT#<storage>` / `<index>#<value>` (lib/db/entity-keys.ts), which is also where tables written before
 * this layout hold it; no count is written there any more, so no partition key takes every write of a kind:
 *
 * - A count no delete guard checks — `all#`, a status, a flag, every company-scoped count — takes its changes
 *   on one of COUNT_SHARDS items chosen at random, each its own partition key; a read sums the shards and the
 *   logical item (what older code and bulk seeding wrote there), in the same BatchGetItem, so totals stay exact.
 * - A count a delete guard conditions on (`dependents`: the products of a category, the orders of a payment
 *   method) is one item, since a ConditionCheck reads one item: its own partition key per referenced record,
 *   `COUNT#<storage>#<index>#<value>` / `COUNT`. The count-keys migration (scripts/lib/migrations.ts) moves the
 *   logical items of an older table there; until it has, a read adds both and a guard checks both.
 */
export const COUNT_SHARDS = 8;

export type CountKey = { pk: string; sk: string };

let guarded: Set<string> | undefined;

/** `<storage>#<index>` of every count a delete guard checks. */
export function guardedCounts(): Set<string> {
  guarded ??= new Set(
    Object.values(ENTITIES).flatMap((entity) => ((entity as StoredEntityDefinition).dependents ?? []).map((rule) => `${rule.storage}#${rule.index}`)),
  );
  return guarded;
}

/** Whether a count item's changes go to shards: its storage and index are not a delete guard's. */
export function isSharded(key: CountKey): boolean {
  const storage = key.pk.slice('COUNT#'.length);
  const index = key.sk.slice(0, key.sk.indexOf('#'));
  return !guardedCounts().has(`${storage}#${index}`);
}

/** Shard `shard` of a sharded count: `COUNT#<storage>#<index>#<value>#<shard>` / `SHARD`. */
export const countShardKey = (key: CountKey, shard: number): CountKey => ({ pk: `${key.pk}#${key.sk}#${shard}`, sk: 'SHARD' });

/** The one item of a guarded count: `COUNT#<storage>#<index>#<value>` / `COUNT`. */
export const guardedCountKey = (key: CountKey): CountKey => ({ pk: `${key.pk}#${key.sk}`, sk: 'COUNT' });

/** The item a change of a count goes to: a random shard, or the guarded count's own item. */
export function countTarget(key: CountKey, random = Math.random): CountKey {
  return isSharded(key) ? countShardKey(key, Math.floor(random() * COUNT_SHARDS)) : guardedCountKey(key);
}

/** Where an absolute count is written (bulk seeding a fresh table): the logical item, or the guarded count's item. */
export const countHome = (key: CountKey): CountKey => (isSharded(key) ? key : guardedCountKey(key));

/** The items whose counts add up to a count: the logical item, and its shards or its guarded item. */
export function countParts(key: CountKey): CountKey[] {
  if (!isSharded(key)) return [key, guardedCountKey(key)];
  return [key, ...Array.from({ length: COUNT_SHARDS }, (_, shard) => countShardKey(key, shard))];
}
