import { ENTITIES } from '../entities/registry.js';
import type { StoredEntityDefinition } from '../entities/types.js';

/**
 * Count items written in shards (docs/data-model.md "Count shards"). A count no delete guard checks —
 * `all#`, a status, a flag, every company-scoped count — takes its changes on one of COUNT_SHARDS items
 * chosen at random, each its own partition key, so no count key takes every write of a kind; a read sums
 * the shards and the unsharded item (which holds what bulk seeding and tables written before the shards
 * wrote), all in the same BatchGetItem, so totals stay exact. A count a delete guard conditions on
 * (`dependents`: the products of a category, the orders of a payment method) stays one item: a
 * ConditionCheck reads one item.
 */
export const COUNT_SHARDS = 8;

export type CountKey = { pk: string; sk: string };

let guarded: Set<string> | undefined;

/** `<storage>#<index>` of every count a delete guard checks. */
function guardedCounts(): Set<string> {
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

/** Shard `shard` of a count: `COUNT#<storage>#<index>#<value>#<shard>` / `SHARD`. */
export const countShardKey = (key: CountKey, shard: number): CountKey => ({ pk: `${key.pk}#${key.sk}#${shard}`, sk: 'SHARD' });

/** The item a change of a count goes to: a random shard, or the count itself when a guard checks it. */
export function countTarget(key: CountKey, random = Math.random): CountKey {
  return isSharded(key) ? countShardKey(key, Math.floor(random() * COUNT_SHARDS)) : key;
}

/** The items whose counts add up to a count: itself, and its shards when it is sharded. */
export function countParts(key: CountKey): CountKey[] {
  if (!isSharded(key)) return [key];
  return [key, ...Array.from({ length: COUNT_SHARDS }, (_, shard) => countShardKey(key, shard))];
}
