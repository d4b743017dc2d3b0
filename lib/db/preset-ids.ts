import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Ids a create is told to take instead of the next one of its sequence: an import (scripts/lib/move/) keeps the
 * source store's ids (SPEC §12), while the record still goes through its entity's own create operation
 * (validation, hooks, index items, change events). The id holds only inside `withPresetIds`, for the first create
 * of each named sequence, and the create's write is conditioned on the id being free as every create's is; a
 * taken id falls back to the counter (lib/db/record-ids.ts), so the caller learns the id from the answer.
 * Nothing an HTTP request sends can reach this: only code that calls `withPresetIds` around a handler.
 */
const store = new AsyncLocalStorage<Map<string, number[]>>();
const times = new AsyncLocalStorage<Readonly<Record<string, number | string>>>();

export function withPresetIds<T>(
  ids: Record<string, number | readonly number[]>,
  run: () => Promise<T>,
  createdAt: Readonly<Record<string, number | string>> = {},
): Promise<T> {
  const queues = Object.entries(ids).map(([sequence, id]) => [sequence, Array.isArray(id) ? [...id] : [id]] as const);
  return store.run(new Map(queues), () => times.run(createdAt, run));
}

/**
 * The time a create records in `field` (`timestamp`, `updated_timestamp`) when an import keeps the source's: a
 * product created in 2019 stays created in 2019 (its "newest first" order, and a later --since, read it).
 */
export function presetTime(field: string): number | undefined {
  const value = times.getStore()?.[field];
  return typeof value === 'number' ? value : undefined;
}

/**
 * A value the store would otherwise choose itself that an import keeps as the source recorded it: an order
 * status's letter (orders name their status by it), a post's author. Undefined outside an import.
 */
export function presetValue(field: string): number | string | undefined {
  return times.getStore()?.[field];
}

/**
 * A kept value that is an id (a post's author, `user_id`), read once as a number: an import keeps the source's
 * value, which its export gives as a number or as digits. Undefined outside an import or when not kept.
 */
export function presetIdValue(field: string): number | undefined {
  const value = presetValue(field);
  return value === undefined ? undefined : Number(value);
}

/**
 * Whether this create runs inside an import (withPresetIds): a record CS-Cart legitimately holds that this API's
 * own create would not make (a feature shared by every store, company_id 0) is taken as the source has it.
 */
export function isImporting(): boolean {
  return times.getStore() !== undefined;
}

/**
 * The next id preset for `sequence` in this async context, each once (a feature's variants take theirs in order);
 * when they are used up, creates count on.
 */
export function takePresetId(sequence: string): number | undefined {
  return store.getStore()?.get(sequence)?.shift();
}
