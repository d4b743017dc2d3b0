import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Ids a create is told to take instead of the next one of its sequence: an import (scripts/lib/move/) keeps the
 * source store's ids (SPEC §12), while the record still goes through its entity's own create operation
 * (validation, hooks, index items, change events). The id holds only inside `withPresetIds`, for the first create
 * of each named sequence, and the create's write is conditioned on the id being free as every create's is; a
 * taken id falls back to the counter (lib/db/record-ids.ts), so the caller learns the id from the answer.
 * Nothing an HTTP request sends can reach this: only code that calls `withPresetIds` around a handler.
 */
const store = new AsyncLocalStorage<Map<string, number>>();
const times = new AsyncLocalStorage<Readonly<Record<string, number>>>();

export function withPresetIds<T>(
  ids: Record<string, number>,
  run: () => Promise<T>,
  createdAt: Readonly<Record<string, number>> = {},
): Promise<T> {
  return store.run(new Map(Object.entries(ids)), () => times.run(createdAt, run));
}

/**
 * The time a create records in `field` (`timestamp`, `updated_timestamp`) when an import keeps the source's: a
 * product created in 2019 stays created in 2019 (its "newest first" order, and a later --since, read it).
 */
export function presetTime(field: string): number | undefined {
  return times.getStore()?.[field];
}

/** The id preset for `sequence` in this async context, once: a second create of the same sequence counts on. */
export function takePresetId(sequence: string): number | undefined {
  const ids = store.getStore();
  const id = ids?.get(sequence);
  if (id !== undefined) ids!.delete(sequence);
  return id;
}
